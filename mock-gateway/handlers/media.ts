/**
 * Generated images under `/webgate/media/{kind}/{file}.svg`: deterministic colours and shapes per
 * item, a readable label, and width/height attributes, so pages look alive offline.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { escapeHtml } from '../http/html.ts'
import { notFound } from '../http/gateway-error.ts'
import { hashString } from '../random.ts'
import { MEDIA_KINDS, MEDIA_SIZES, type MediaKind } from '../seed/media.ts'
import type { MockState } from '../state.ts'

const KIND_LABELS: Record<MediaKind, string> = {
  goods: 'Товар',
  brands: 'Бренд',
  categories: 'Категория',
  promotions: 'Акция',
  articles: 'Статья',
  publications: 'Подборка',
  banners: 'Аврора',
  stores: 'Магазин',
  reviews: 'Фото покупателя',
  banks: 'Банк',
  ads: 'Реклама',
}

/** The label printed on an image: the item's name where the mock knows it. */
function labelFor(state: MockState, kind: MediaKind, key: string): string {
  const id = Number(key.split('-')[0])
  const name =
    kind === 'goods'
      ? state.db.goods.findFirst((q) => q.where({ id }))?.name
      : kind === 'brands'
        ? state.db.brands.findFirst((q) => q.where({ id }))?.name
        : kind === 'categories'
          ? state.db.categories.findFirst((q) => q.where({ id }))?.name
          : kind === 'banks'
            ? state.db.sbpBanks.findFirst((q) => q.where({ id: key }))?.name
            : undefined
  return name ?? `${KIND_LABELS[kind]} ${key}`
}

/** Wraps a label into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]?.slice(0, width - 1)}…`] : lines
}

/** The SVG of one media file. */
export function mediaSvg(kind: MediaKind, key: string, label: string): string {
  const [width, height] = MEDIA_SIZES[kind]
  const hash = hashString(`${kind}/${key}`)
  const hue = hash % 360
  const accent = (hue + 40 + ((hash >> 9) % 80)) % 360
  const min = Math.min(width, height)
  const shape = (hash >> 5) % 3
  const cx = width / 2
  const cy = height * 0.42
  const figure =
    shape === 0
      ? `<circle cx="${cx}" cy="${cy}" r="${min * 0.22}" fill="hsl(${accent} 60% 55%)"/>`
      : shape === 1
        ? `<rect x="${cx - min * 0.14}" y="${cy - min * 0.26}" width="${min * 0.28}" height="${min * 0.5}" rx="${min * 0.05}" fill="hsl(${accent} 55% 50%)"/><rect x="${cx - min * 0.06}" y="${cy - min * 0.34}" width="${min * 0.12}" height="${min * 0.09}" rx="${min * 0.02}" fill="hsl(${accent} 40% 30%)"/>`
        : `<path d="M${cx} ${cy - min * 0.25} L${cx + min * 0.24} ${cy + min * 0.18} L${cx - min * 0.24} ${cy + min * 0.18} Z" fill="hsl(${accent} 60% 50%)"/>`
  const fontSize = Math.max(12, Math.round(min / 14))
  const lines = wrap(label, Math.max(12, Math.floor(width / (fontSize * 0.62))))
  const text = lines
    .map(
      (line, index) =>
        `<text x="${cx}" y="${height * 0.78 + index * fontSize * 1.2}" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" fill="hsl(${hue} 40% 18%)">${escapeHtml(line)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}"><rect width="100%" height="100%" fill="hsl(${hue} 55% 90%)"/>${figure}${text}</svg>`
}

/** The media route of the web gateway. */
export function mediaHandlers(state: MockState): HttpHandler[] {
  return [
    http.get('*/webgate/media/:kind/:file', ({ params }) => {
      const kind = String(params.kind) as MediaKind
      const match = /^([\w-]{1,60})\.svg$/.exec(String(params.file))
      if (!MEDIA_KINDS.includes(kind) || !match?.[1]) return notFound('Файл не найден')
      const svg = mediaSvg(kind, match[1], labelFor(state, kind, match[1]))
      return new HttpResponse(svg, {
        headers: {
          'content-type': 'image/svg+xml; charset=utf-8',
          'cache-control': 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
        },
      })
    }),
  ]
}
