/**
 * The offline page's script (`/offline.html`, which the service worker answers with when a page cannot
 * be fetched): draws the kept loyalty card and pickup passes of the signed-in shopper (kept-data.ts)
 * as the card dialog and the order page draw them, with the time the data was kept and the pass's
 * keep-until date; without kept data it says what works offline. Plain DOM, no React: it is bundled
 * apart from the app and kept by the worker with the stylesheet.
 */
import { QUIET_ZONE, qrModules, qrPath } from '#client/features/ecom/qr-modules.ts'
import { drawBarcode } from '#client/features/loyalty/draw-barcode.ts'
import { groupedNumber } from '#client/features/loyalty/barcode-format.ts'
import { currentShopper, readKept, type KeptPass } from './kept-data.ts'
import { keptAtText } from './kept-at-text.ts'

const SVG = 'http://www.w3.org/2000/svg'

/** An element with a class and children (strings become text). */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  node.append(...children)
  return node
}

function svgImage(className: string, label: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg')
  if (className) svg.setAttribute('class', className)
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', label)
  return svg
}

function staleLine(keptAt: string, now: Date): HTMLElement {
  return el('p', 'offline-page__stale', keptAtText(keptAt, now))
}

function cardSection(number: string, keptAt: string, now: Date): HTMLElement {
  const barcode = svgImage('', `Штрихкод карты ${groupedNumber(number)}`)
  drawBarcode(barcode, number)
  return el(
    'section',
    'offline-page__card',
    el('h2', 'offline-page__title', 'Карта лояльности'),
    el(
      'figure',
      'loyalty-card__code',
      barcode,
      el('figcaption', 'loyalty-card__number', groupedNumber(number)),
      el('p', 'loyalty-card__hint', 'Покажите штрихкод на кассе и прибавьте яркость экрана.'),
    ),
    staleLine(keptAt, now),
  )
}

function qrImage(text: string, label: string): SVGSVGElement {
  const modules = qrModules(text)
  const size = modules.length + QUIET_ZONE * 2
  const svg = svgImage('pickup-pass__qr', label)
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`)
  svg.setAttribute('shape-rendering', 'crispEdges')
  const back = document.createElementNS(SVG, 'rect')
  back.setAttribute('width', String(size))
  back.setAttribute('height', String(size))
  back.setAttribute('fill', '#ffffff')
  const path = document.createElementNS(SVG, 'path')
  path.setAttribute('d', qrPath(modules))
  path.setAttribute('fill', '#000000')
  svg.append(back, path)
  return svg
}

function passSection({ orderId, pass, keptAt }: KeptPass, now: Date): HTMLElement {
  const titleId = `pickup-pass-${orderId}`
  const facts = el(
    'dl',
    'pickup-pass__facts',
    el('div', '', el('dt', '', 'Магазин'), el('dd', '', pass.name, el('br', ''), pass.address)),
  )
  if (pass.keeping) {
    const keeping = pass.keepUntil ? el('time', '', pass.keeping) : pass.keeping
    if (keeping instanceof HTMLTimeElement) keeping.dateTime = pass.keepUntil!
    facts.append(el('div', '', el('dt', '', 'Срок хранения'), el('dd', '', keeping)))
  }
  if (pass.phone) facts.append(el('div', '', el('dt', '', 'Телефон'), el('dd', '', pass.phone.text)))
  const section = el(
    'section',
    'pickup-pass',
    el(
      'div',
      'pickup-pass__code',
      el('h2', 'pickup-pass__title', 'Заказ готов к выдаче'),
      qrImage(pass.qrText, `QR-код заказа ${pass.number}`),
      el('p', 'pickup-pass__number', el('span', 'pickup-pass__number-label', 'Номер заказа'), ` ${pass.number}`),
      el('p', 'pickup-pass__hint', 'Покажите QR-код на кассе или назовите номер заказа.'),
    ),
    el('div', 'pickup-pass__details', facts, staleLine(keptAt, now)),
  )
  section.setAttribute('aria-labelledby', titleId)
  section.querySelector('h2')!.id = titleId
  return section
}

/** The order id of an order page's URL (`/ecom/orders/{id}`), whose pass then comes first. */
const orderOfPath = (path: string): string | undefined => /^\/ecom\/orders\/([^/]+)$/.exec(path)?.[1]

/** Draws the page into `main`. */
export async function showOffline(main: HTMLElement, now = new Date()): Promise<void> {
  const userId = currentShopper()
  const kept = userId ? await readKept(userId, now) : { card: undefined, passes: [] }
  const wanted = orderOfPath(location.pathname)
  const passes = [...kept.passes].sort((a, b) => Number(b.orderId === wanted) - Number(a.orderId === wanted))
  const parts: HTMLElement[] = []
  if (kept.card) parts.push(cardSection(kept.card.number, kept.card.keptAt, now))
  for (const pass of passes) parts.push(passSection(pass, now))
  if (parts.length === 0)
    parts.push(
      el(
        'p',
        'offline-page__empty',
        'Карта лояльности и пропуска готовых заказов открываются здесь без сети, если вы уже открывали их на этом устройстве.',
      ),
    )
  main.replaceChildren(
    el('h1', 'offline-page__heading', 'Нет сети'),
    el('p', 'offline-page__lead', 'Страница откроется, когда появится соединение.'),
    ...parts,
  )
}

if (!import.meta.env.SSR) {
  const main = document.getElementById('offline')
  if (main) void showOffline(main)
  // Back online: the page the shopper asked for.
  window.addEventListener('online', () => location.reload())
}
