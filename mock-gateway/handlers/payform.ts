/**
 * The payment form the mock hosts on its own origin (`/payform/:sessionId`, never under `/webgate`):
 * card numbers go from the browser straight here, never through the storefront. A valid card is
 * kept as last four digits + network only, and the browser is sent back to the session's return URL
 * with `?cardAdded=1`, or `?cardError=sessionExpired|cancelled|duplicate`. A card already saved (same
 * network, last four digits and expiry: all the mock keeps of a card) is not saved twice.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { CARD_BRAND_NAMES, cardBrand, expiryValid, luhnValid, withParam } from '../domain/cards.ts'
import { escapeHtml } from '../http/html.ts'
import type { MockState } from '../state.ts'
import { addMethod, methodsOf } from './payment-methods.ts'

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f1f8;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1a2b}
main{width:min(420px,calc(100vw - 32px));background:#fff;border-radius:20px;padding:28px;box-shadow:0 12px 40px rgba(60,30,90,.12)}
h1{font-size:22px;margin:0 0 4px}p{margin:0 0 20px;color:#5f5870}label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;font:inherit;padding:12px 14px;border:1.5px solid #d8d2e3;border-radius:12px;outline:none}input:focus{border-color:#7b3fe4;box-shadow:0 0 0 3px rgba(123,63,228,.18)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}.error{background:#fdecee;color:#a4132a;border-radius:12px;padding:10px 14px;margin:0 0 12px}
button{width:100%;margin-top:22px;font:inherit;font-weight:600;padding:14px;border:0;border-radius:14px;background:#7b3fe4;color:#fff;cursor:pointer}
button.secondary{background:none;color:#5f5870;margin-top:8px}.note{font-size:13px;margin-top:16px;text-align:center;color:#8a8398}`

/** The form page (or its error variant). */
function formPage(sessionId: string, error?: string, values: { pan?: string; expiry?: string } = {}): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Привязка карты — Аврора</title><style>${STYLE}</style></head><body><main>
<h1>Привязка банковской карты</h1><p>Данные карты передаются напрямую платёжному шлюзу и не сохраняются на сайте магазина.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/payform/${escapeHtml(sessionId)}" autocomplete="on">
<label for="pan">Номер карты</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" required maxlength="23" value="${escapeHtml(values.pan ?? '')}">
<div class="row"><div><label for="expiry">Срок действия</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" required maxlength="5" value="${escapeHtml(values.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" type="password" inputmode="numeric" autocomplete="cc-csc" placeholder="•••" required maxlength="4"></div></div>
<button type="submit" name="action" value="add">Привязать карту</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Отмена</button>
</form><div class="note">Тестовый платёжный шлюз. Подойдёт, например, 4242 4242 4242 4242.</div></main></body></html>`
}

/** A page for a session that no longer exists. */
const expiredPage = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Сессия истекла — Аврора</title><style>${STYLE}</style></head><body><main><h1>Сессия истекла</h1><p>Вернитесь в магазин и начните привязку карты заново.</p></main></body></html>`

/** The payment form routes. */
export function payformHandlers(state: MockState): HttpHandler[] {
  const headers = () => ({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${state.config.storefrontOrigin}; frame-ancestors 'none'; base-uri 'none'`,
  })
  const session = (id: string) => {
    const entry = state.cardSessions.get(id)
    return entry && !entry.done ? entry : undefined
  }
  const back = (url: string, key: string, value: string) =>
    new HttpResponse(null, {
      status: 303,
      headers: { location: withParam(url, key, value), 'cache-control': 'no-store' },
    })

  return [
    http.get('*/payform/:sessionId', ({ params }) => {
      const id = String(params.sessionId)
      const entry = session(id)
      if (!entry) return new HttpResponse(expiredPage, { status: 410, headers: headers() })
      if (entry.expiresAt <= state.clock.now()) return back(entry.returnUrl, 'cardError', 'sessionExpired')
      return new HttpResponse(formPage(id), { headers: headers() })
    }),

    http.post('*/payform/:sessionId', async ({ params, request }) => {
      const id = String(params.sessionId)
      const entry = session(id)
      if (!entry) return new HttpResponse(expiredPage, { status: 410, headers: headers() })
      if (entry.expiresAt <= state.clock.now()) {
        entry.done = true
        return back(entry.returnUrl, 'cardError', 'sessionExpired')
      }
      const form = new URLSearchParams(await request.text())
      if (form.get('action') === 'cancel') {
        entry.done = true
        return back(entry.returnUrl, 'cardError', 'cancelled')
      }
      const pan = (form.get('pan') ?? '').replace(/[\s-]/g, '')
      const expiry = form.get('expiry') ?? ''
      const cvc = form.get('cvc') ?? ''
      // The typed number and expiry come back for correction (as a bank's form keeps them); the CVC never does.
      const retry = (message: string) =>
        new HttpResponse(formPage(id, message, { pan: form.get('pan') ?? '', expiry }), {
          status: 422,
          headers: headers(),
        })
      if (!luhnValid(pan)) return retry('Проверьте номер карты')
      const valid = expiryValid(expiry, state.clock.now())
      if (valid === undefined) return retry('Укажите срок действия в формате ММ/ГГ')
      if (!valid) return retry('Срок действия карты истёк')
      if (!/^\d{3,4}$/.test(cvc)) return retry('CVC — это три цифры на обороте карты')
      entry.done = true
      const brand = cardBrand(pan)
      const [month, year] = expiry.split('/').map((part) => part.trim())
      const card = { type: 'card' as const, maskedPan: `•• ${pan.slice(-4)}`, brand, expiry: `${month}/${year}` }
      const saved = methodsOf(state, entry.userId).some(
        (m) =>
          m.type === 'card' && m.maskedPan === card.maskedPan && m.brand === card.brand && m.expiry === card.expiry,
      )
      if (saved) return back(entry.returnUrl, 'cardError', 'duplicate')
      await addMethod(state, entry.userId, { ...card, name: CARD_BRAND_NAMES[brand] })
      return back(entry.returnUrl, 'cardAdded', '1')
    }),
  ]
}
