/**
 * The control page `GET /__mock/`: plain server-rendered HTML (no script, no build step) showing the
 * seed shoppers, the faults in force, the clock, orders, the last requests and the stubs, with one
 * form per switch. Each form posts `application/x-www-form-urlencoded` to `POST /__mock/ui/{action}`,
 * which turns the fields into the JSON body of the matching control call, runs it, and answers 303 back
 * to the page with the outcome in a live region. Loopback only, like all of `/__mock`.
 */
import { HttpResponse } from 'msw'
import { SCENARIOS, FAULT_MODES } from '../faults.ts'
import { deliverySlots } from '../domain/delivery.ts'
import { escapeHtml as e } from '../http/html.ts'
import type { MockState } from '../state.ts'

/** Formats an instant of the mock clock as Moscow time (the seed's cities). */
const moscow = (at: number | string): string =>
  new Date(at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'medium' })

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*']
  .map((method) => `<option value="${method}">${method === '*' ? 'любой' : method}</option>`)
  .join('')

const STATUS_RU: Record<string, string> = {
  created: 'создан',
  paid: 'оплачен',
  assembling: 'собирается',
  ready: 'готов к выдаче',
  completed: 'получен',
  cancelled: 'отменён',
}

const field = (id: string, label: string, input: string, hint?: string) =>
  `<p><label for="${id}">${label}</label> ${input}${hint ? ` <small id="${id}-hint">${hint}</small>` : ''}</p>`

const button = (text: string) => `<button type="submit">${text}</button>`

const form = (action: string, legend: string, body: string, enctype?: string) =>
  `<form method="post" action="/__mock/ui/${action}"${enctype ? ` enctype="${enctype}"` : ''}><fieldset><legend>${legend}</legend>${body}</fieldset></form>`

/** A one-button form in a table row, acting on the row's id. */
const rowAction = (action: string, id: string, label: string, text: string) =>
  `<form method="post" action="/__mock/ui/${action}"><input type="hidden" name="id" value="${e(id)}"><button type="submit" aria-label="${e(label)}">${text}</button></form>`

function shoppers(state: MockState): string {
  const rows = state.db.users.all().map((user) => {
    const cart = state.db.carts.findFirst((q) => q.where({ userId: user.userId }))
    const orders = state.db.orders.findMany((q) => q.where({ userId: user.userId }))
    const cards = state.db.paymentMethods.findMany((q) => q.where({ userId: user.userId }))
    const cardText = cards
      .map(({ method }) => (method.type === 'card' ? `${method.brand} ${method.maskedPan}` : `СБП ${method.bankName}`))
      .join(', ')
    const complete = Boolean(user.firstName)
    return `<tr><th scope="row">${e(user.phone)}</th><td>${e(user.userId)}</td><td>${complete ? 'полный' : 'неполный (нет имени)'}</td><td>${user.userId === '100001' ? 'да (ECOM_USER_IDS по умолчанию)' : 'если в ECOM_USER_IDS'}</td><td>${cart ? `${cart.lines.reduce((sum, line) => sum + line.quantity, 0)} шт., ${cart.lines.length} поз.` : 'пуста'}</td><td>${orders.length ? e(orders.map((order) => `${order.id} ${STATUS_RU[order.status] ?? order.status}`).join(', ')) : 'нет'}</td><td>${e(cardText) || 'нет'}</td></tr>`
  })
  return `<section aria-labelledby="shoppers"><h2 id="shoppers">Покупатели</h2>
<p>Код из СМС для любого телефона: <strong>${e(state.config.otpCode)}</strong>. Телефон 79000000009 не зарегистрирован, и его регистрация отвечает 409 <code>cardMergeBlocked</code>.</p>
<table><caption>Зарегистрированные покупатели</caption><thead><tr><th scope="col">Телефон</th><th scope="col">Пользователь</th><th scope="col">Профиль</th><th scope="col">Электронная торговля</th><th scope="col">Корзина</th><th scope="col">Заказы</th><th scope="col">Карты и СБП</th></tr></thead><tbody>${rows.join('')}</tbody></table>
${form(
  'sessions/revoke',
  'Завершить сессии',
  field('revoke-user', 'Пользователь (пусто — все)', '<input id="revoke-user" name="userId" inputmode="numeric">') +
    button('Отозвать токены обновления'),
)}</section>`
}

function faults(state: MockState): string {
  const list = state.faults.list()
  const rows = list
    .map(
      (fault) =>
        `<tr><td>${e(fault.id)}</td><td><code>${e(fault.path)}</code></td><td>${fault.status ?? '—'}</td><td>${fault.delayMs ?? '—'}</td><td>${fault.mode ?? '—'}</td><td>${rowAction('faults/delete', fault.id, `Выключить сбой ${fault.id}`, 'Выключить')}</td></tr>`,
    )
    .join('')
  const modes = ['', ...FAULT_MODES].map((mode) => `<option value="${mode}">${mode || 'нет'}</option>`).join('')
  return `<section aria-labelledby="faults"><h2 id="faults">Сбои</h2>
${
  list.length
    ? `<table><caption>Сбои в силе (${list.length}); побеждает последний подходящий</caption><thead><tr><th scope="col">id</th><th scope="col">Путь</th><th scope="col">Статус</th><th scope="col">Задержка, мс</th><th scope="col">Режим</th><th scope="col">Действие</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>Сбоев нет.</p>'
}
${form(
  'faults',
  'Включить сбой',
  field(
    'fault-path',
    'Путь',
    '<input id="fault-path" name="path" required value="/webgate/*" aria-describedby="fault-path-hint">',
    '<code>*</code> — любые символы, вместе с <code>/</code>',
  ) +
    field('fault-status', 'Статус', '<input id="fault-status" name="status" type="number" min="200" max="599">') +
    field('fault-delay', 'Задержка, мс', '<input id="fault-delay" name="delayMs" type="number" min="0" max="120000">') +
    field('fault-mode', 'Режим', `<select id="fault-mode" name="mode">${modes}</select>`) +
    button('Включить'),
)}
${form('faults/clear', 'Выключить все сбои', button('Выключить все'))}
${form(
  'scenarios',
  'Сценарии',
  field(
    'scenario',
    'Сценарий',
    `<select id="scenario" name="name">${Object.keys(SCENARIOS)
      .map((name) => `<option>${name}</option>`)
      .join('')}</select>`,
  ) + button('Включить сценарий'),
)}</section>`
}

function clockAndOrders(state: MockState): string {
  const orders = state.db.orders
    .all()
    .slice()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const options = orders
    .map(
      (order) =>
        `<option value="${e(order.id)}">${e(order.id)} ${e(order.number)} — ${STATUS_RU[order.status] ?? order.status}${order.pickup?.keepUntil ? `, хранится до ${moscow(order.pickup.keepUntil)}` : ''}, пользователь ${e(order.userId)}</option>`,
    )
    .join('')
  return `<section aria-labelledby="clock"><h2 id="clock">Часы и заказы</h2>
<p>Время мока: <time datetime="${new Date(state.clock.now()).toISOString()}">${moscow(state.clock.now())}</time> (МСК)${state.config.now === undefined ? '' : ', часы стоят (MOCK_NOW)'}.</p>
${form(
  'clock',
  'Перевести часы вперёд',
  field(
    'clock-minutes',
    'Минут',
    '<input id="clock-minutes" name="minutes" type="number" min="0" value="1" required>',
  ) + button('Перевести'),
)}
${
  orders.length
    ? form(
        'orders/advance',
        'Продвинуть заказ',
        field('order-id', 'Заказ', `<select id="order-id" name="orderId">${options}</select>`) +
          button('Следующий статус'),
      )
    : '<p>Заказов нет.</p>'
}</section>`
}

function stockAndStores(state: MockState): string {
  const stores = state.db.stores
    .all()
    .map(
      (store) =>
        `<option value="${e(store.code)}">${e(store.code)} ${e(store.name)}${store.isPickupAvailable ? '' : ' (самовывоз закрыт)'}</option>`,
    )
    .join('')
  const slots = deliverySlots(state.clock.now(), state.fullSlots)
    .map(
      (slot) =>
        `<option value="${e(slot.id)}">${e(slot.date)} ${e(slot.from)}–${e(slot.to)}${slot.available ? '' : ' (занято)'}</option>`,
    )
    .join('')
  return `<section aria-labelledby="stock"><h2 id="stock">Остатки, магазины, курьер</h2>
${form(
  'goods/stock',
  'Остаток товара',
  field(
    'stock-goods',
    'Товар (id)',
    '<input id="stock-goods" name="goodsId" type="number" min="1" required value="10008">',
  ) +
    field('stock-count', 'Остаток', '<input id="stock-count" name="stock" type="number" min="0" required value="0">') +
    button('Задать остаток'),
)}
${form(
  'stores/pickup',
  'Самовывоз в магазине',
  field('store-code', 'Магазин', `<select id="store-code" name="code">${stores}</select>`) +
    field(
      'store-open',
      'Самовывоз',
      '<select id="store-open" name="isPickupAvailable"><option value="false">закрыть</option><option value="true">открыть</option></select>',
    ) +
    button('Применить'),
)}
${form(
  'delivery-slots/full',
  'Занять окно курьера',
  field('slot-id', 'Окно', `<select id="slot-id" name="slotId">${slots}</select>`) + button('Занять окно'),
)}</section>`
}

function journalAndStubs(state: MockState): string {
  const entries = state.journal.list().slice(-20).reverse()
  const rows = entries
    .map(
      (entry) =>
        `<tr><td><time datetime="${e(entry.at)}">${e(entry.at.slice(11, 19))}</time></td><td>${e(entry.method)}</td><td><code>${e(entry.path)}</code></td><td>${e(String(entry.status))}</td></tr>`,
    )
    .join('')
  const stubs = state.stubs.list()
  const stubRows = stubs
    .map(
      (stub) =>
        `<tr><td>${e(stub.id)}${stub.name ? ` ${e(stub.name)}` : ''}</td><td>${e(stub.match.method)} <code>${e(stub.match.path ?? `/${stub.match.pathRegex ?? ''}/`)}</code></td><td>${stub.priority}</td><td>${stub.respond.status}</td><td>${stub.hits}${stub.times === undefined ? '' : ` из ${stub.times}`}</td><td>${rowAction('stubs/delete', stub.id, `Удалить заглушку ${stub.id}`, 'Удалить')}</td></tr>`,
    )
    .join('')
  return `<section aria-labelledby="requests"><h2 id="requests">Последние запросы</h2>
${
  entries.length
    ? `<table><caption>Последние ${entries.length} из ${state.journal.size} хранимых (новые сверху; секреты скрыты); всё — <a href="/__mock/requests">/__mock/requests</a></caption><thead><tr><th scope="col">Время (UTC)</th><th scope="col">Метод</th><th scope="col">Путь</th><th scope="col">Статус</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>Запросов пока не было.</p>'
}
${form('requests/clear', 'Журнал запросов', button('Очистить журнал'))}
${form(
  'requests/count',
  'Проверить вызовы',
  field('verify-method', 'Метод', `<select id="verify-method" name="method">${METHODS}</select>`) +
    field(
      'verify-path',
      'Путь',
      '<input id="verify-path" name="path" required value="/aurora-id/v1/auth/otp" aria-describedby="verify-path-hint">',
      '<code>*</code> — любые символы',
    ) +
    field('verify-body', 'Тело содержит', '<input id="verify-body" name="bodyIncludes">') +
    button('Посчитать вызовы'),
)}
</section>
<section aria-labelledby="stubs"><h2 id="stubs">Заглушки</h2>
${
  stubs.length
    ? `<table><caption>Заглушки в силе (${stubs.length})</caption><thead><tr><th scope="col">id</th><th scope="col">Вызов</th><th scope="col">Приоритет</th><th scope="col">Статус</th><th scope="col">Ответов</th><th scope="col">Действие</th></tr></thead><tbody>${stubRows}</tbody></table>`
    : '<p>Заглушек нет.</p>'
}
${form(
  'stubs',
  'Добавить заглушку',
  field('stub-method', 'Метод', `<select id="stub-method" name="method">${METHODS}</select>`) +
    field(
      'stub-path',
      'Путь',
      '<input id="stub-path" name="path" required aria-describedby="stub-path-hint">',
      '<code>*</code> — любые символы, <code>:id</code> — один сегмент',
    ) +
    field(
      'stub-status',
      'Статус',
      '<input id="stub-status" name="status" type="number" min="100" max="599" required value="200">',
    ) +
    field(
      'stub-body',
      'Тело ответа (JSON или текст)',
      '<textarea id="stub-body" name="body" rows="4" cols="60" aria-describedby="stub-body-hint"></textarea>',
      'можно подставлять запрос: <code>{{request.body.phone}}</code>, <code>{{request.params.id}}</code>',
    ) +
    field('stub-times', 'Сколько раз (пусто — всегда)', '<input id="stub-times" name="times" type="number" min="1">') +
    button('Добавить заглушку'),
)}
${form(
  'stubs/json',
  'Добавить заглушку в JSON',
  field(
    'stub-json',
    'Заглушка',
    '<textarea id="stub-json" name="stub" rows="6" cols="60" required aria-describedby="stub-json-hint"></textarea>',
    'как тело <code>POST /__mock/stubs</code>: <code>match</code>, <code>respond</code>, <code>times</code>, <code>priority</code>',
  ) + button('Добавить'),
)}</section>
<section aria-labelledby="files"><h2 id="files">Файлы</h2><ul>
<li><a href="/__mock/state" download="mock-state.json">Скачать состояние мока</a> — приложите к отчёту об ошибке; <code>npm run repro -- mock-state.json</code> поднимет его</li>
<li><a href="/__mock/openapi.json">Контракт шлюза (OpenAPI 3.1)</a></li></ul>
${form(
  'state',
  'Загрузить состояние',
  field(
    'state-file',
    'Файл состояния',
    '<input id="state-file" name="file" type="file" accept="application/json,.json">',
  ) +
    field('state-json', 'или JSON состояния', '<textarea id="state-json" name="state" rows="4" cols="60"></textarea>') +
    button('Загрузить состояние'),
  'multipart/form-data',
)}</section>`
}

/** The page, with an optional outcome of the last action. */
export function renderControlPage(state: MockState, outcome?: { ok: boolean; text: string }): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Мок шлюза — управление</title><link rel="icon" href="data:,">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1a1a1a;background:#fff}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{border:1px solid #8a8a8a;padding:.25rem .5rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600}fieldset{border:1px solid #8a8a8a;margin:.75rem 0}legend{font-weight:600}
label{font-weight:500}input,select,button{font:inherit;padding:.25rem .5rem}button{cursor:pointer}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}.ok{color:#0a5c2b}.error{color:#a3000b}small{color:#4a4a4a}
nav ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}
</style></head>
<body><header><h1>Мок шлюза: управление</h1>
<p>Бренд <code>${e(state.config.product)}</code>, сид ${state.config.seed}. Страница доступна только с этой машины.</p>
<nav aria-label="Разделы"><ul><li><a href="#shoppers">Покупатели</a></li><li><a href="#faults">Сбои</a></li><li><a href="#clock">Часы и заказы</a></li><li><a href="#stock">Остатки, магазины, курьер</a></li><li><a href="#requests">Запросы</a></li><li><a href="#stubs">Заглушки</a></li><li><a href="#files">Файлы</a></li></ul></nav>
<div role="status" aria-live="polite">${outcome ? `<p class="${outcome.ok ? 'ok' : 'error'}">${e(outcome.text)}</p>` : ''}</div></header>
<main>${shoppers(state)}${faults(state)}${clockAndOrders(state)}${stockAndStores(state)}${journalAndStubs(state)}</main>
</body></html>`
}

/** Page headers: no caching, no framing, no scripts. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  // Same-origin form posts must carry the page's Origin (the control plane refuses any other).
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
}

const text = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value.trim() : '')

/** A control call a form makes: method, path and JSON body. */
type PageCall = [method: string, path: string, body?: unknown]

/** A field's text as JSON when it is JSON, else as the text itself (a stub's text body). */
function jsonOrText(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
const optionalNumber = (value: FormDataEntryValue | null): number | undefined =>
  text(value) === '' ? undefined : Number(text(value))

/** Each page action: the control call it makes from the form's fields, and what to say on success. */
export const PAGE_ACTIONS: Record<
  string,
  {
    call: (form: FormData) => PageCall | Promise<PageCall>
    done: (form: FormData, result: unknown) => string
  }
> = {
  faults: {
    call: (form) => [
      'POST',
      '/__mock/faults',
      {
        path: text(form.get('path')),
        ...(optionalNumber(form.get('status')) === undefined ? {} : { status: optionalNumber(form.get('status')) }),
        ...(optionalNumber(form.get('delayMs')) === undefined ? {} : { delayMs: optionalNumber(form.get('delayMs')) }),
        ...(text(form.get('mode')) ? { mode: text(form.get('mode')) } : {}),
      },
    ],
    done: (form) => `Сбой для ${text(form.get('path'))} включён.`,
  },
  'faults/clear': { call: () => ['DELETE', '/__mock/faults'], done: () => 'Все сбои выключены.' },
  scenarios: {
    call: (form) => ['POST', `/__mock/scenarios/${encodeURIComponent(text(form.get('name')))}`],
    done: (form) => `Сценарий ${text(form.get('name'))} включён.`,
  },
  clock: {
    call: (form) => [
      'POST',
      '/__mock/clock',
      { advanceMs: Math.round((optionalNumber(form.get('minutes')) ?? NaN) * 60_000) },
    ],
    done: (form) => `Часы переведены на ${text(form.get('minutes'))} мин вперёд.`,
  },
  'orders/advance': {
    call: (form) => ['POST', '/__mock/orders/advance', { orderId: text(form.get('orderId')) }],
    done: (form) => `Заказ ${text(form.get('orderId'))} переведён в следующий статус.`,
  },
  'goods/stock': {
    call: (form) => [
      'POST',
      '/__mock/goods/stock',
      { goodsId: optionalNumber(form.get('goodsId')), stock: optionalNumber(form.get('stock')) },
    ],
    done: (form) => `Остаток товара ${text(form.get('goodsId'))}: ${text(form.get('stock'))}.`,
  },
  'stores/pickup': {
    call: (form) => [
      'POST',
      '/__mock/stores/pickup',
      { code: text(form.get('code')), isPickupAvailable: text(form.get('isPickupAvailable')) === 'true' },
    ],
    done: (form) =>
      `Самовывоз в ${text(form.get('code'))} ${text(form.get('isPickupAvailable')) === 'true' ? 'открыт' : 'закрыт'}.`,
  },
  'delivery-slots/full': {
    call: (form) => ['POST', '/__mock/delivery-slots/full', { slotId: text(form.get('slotId')) }],
    done: (form) => `Окно ${text(form.get('slotId'))} занято.`,
  },
  'sessions/revoke': {
    call: (form) => [
      'POST',
      '/__mock/sessions/revoke',
      text(form.get('userId')) ? { userId: text(form.get('userId')) } : {},
    ],
    done: () => 'Токены обновления отозваны.',
  },
  'requests/clear': { call: () => ['DELETE', '/__mock/requests'], done: () => 'Журнал очищен.' },
  'faults/delete': {
    call: (form) => ['DELETE', `/__mock/faults/${encodeURIComponent(text(form.get('id')))}`],
    done: (form) => `Сбой ${text(form.get('id'))} выключен.`,
  },
  stubs: {
    call: (form) => [
      'POST',
      '/__mock/stubs',
      {
        match: { method: text(form.get('method')) || '*', path: text(form.get('path')) },
        respond: {
          status: optionalNumber(form.get('status')),
          ...(text(form.get('body')) === '' ? {} : { body: jsonOrText(text(form.get('body'))) }),
        },
        ...(optionalNumber(form.get('times')) === undefined ? {} : { times: optionalNumber(form.get('times')) }),
      },
    ],
    done: (_, result) => `Заглушка ${(result as { id?: string } | undefined)?.id ?? ''} добавлена.`,
  },
  'stubs/json': {
    call: (form) => ['POST', '/__mock/stubs', jsonOrText(text(form.get('stub')))],
    done: (_, result) => `Заглушка ${(result as { id?: string } | undefined)?.id ?? ''} добавлена.`,
  },
  state: {
    call: async (form) => {
      const file = form.get('file')
      const pasted = text(form.get('state'))
      const raw = file instanceof Blob && file.size > 0 ? await file.text() : pasted
      return ['PUT', '/__mock/state', raw === '' ? undefined : jsonOrText(raw)]
    },
    done: (_, result) =>
      `Состояние загружено; часы мока: ${String((result as { clock?: string } | undefined)?.clock ?? '')}.`,
  },
  'requests/count': {
    call: (form) => {
      const query = new URLSearchParams({ path: text(form.get('path')) || '/*' })
      if (text(form.get('method')) && text(form.get('method')) !== '*') query.set('method', text(form.get('method')))
      if (text(form.get('bodyIncludes'))) query.set('bodyIncludes', text(form.get('bodyIncludes')))
      return ['GET', `/__mock/requests/count?${query}`]
    },
    done: (form, result) =>
      `Подходящих вызовов ${text(form.get('method')) || '*'} ${text(form.get('path'))} в журнале: ${(result as { count?: number } | undefined)?.count ?? 0}.`,
  },
  'stubs/delete': {
    call: (form) => ['DELETE', `/__mock/stubs/${encodeURIComponent(text(form.get('id')))}`],
    done: (form) => `Заглушка ${text(form.get('id'))} удалена.`,
  },
}

/** The message of a failed control call, for the page. */
export function failureText(status: number, body: unknown): string {
  const error = body as { message?: string; fields?: Record<string, string> } | undefined
  const fields = error?.fields ? Object.entries(error.fields).map(([name, message]) => `${name}: ${message}`) : []
  return `Не выполнено (${status}): ${[error?.message, ...fields].filter(Boolean).join('; ') || 'ошибка'}`
}

/** The page as a Response. */
export const pageResponse = (state: MockState, outcome?: { ok: boolean; text: string }, status = 200): Response =>
  new HttpResponse(renderControlPage(state, outcome), { status, headers: PAGE_HEADERS })
