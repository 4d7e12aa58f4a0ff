/**
 * The captcha service, emulated offline (spec section 5): the widget script, the check that issues a
 * token, and the verification the OTP handler does under anti-fraud. A token works once, for
 * CAPTCHA_TOKEN_TTL_MS of the mock clock, like SmartCaptcha's.
 */
import { randomBytes } from 'node:crypto'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { z } from 'zod'
import { corsPreflight, withCors } from '../http/cors.ts'
import { validationError } from '../http/gateway-error.ts'
import { CAPTCHA_WIDGET_SCRIPT } from '../services/captcha-widget.ts'
import type { MockState } from '../state.ts'

/** How long an issued captcha token may be used. */
export const CAPTCHA_TOKEN_TTL_MS = 5 * 60_000

const CheckSchema = z.object({ sitekey: z.string().min(1) })

/** Issues a captcha token, as the widget's check does (tests call it directly). */
export function issueCaptchaToken(state: MockState): string {
  const token = `mock-captcha.${randomBytes(18).toString('base64url')}`
  state.auth.captchaTokens.set(token, state.clock.now() + CAPTCHA_TOKEN_TTL_MS)
  return token
}

/** Whether a token was issued, has not expired and was not used yet; a valid one is used up. */
export function consumeCaptchaToken(state: MockState, token: string): boolean {
  const expiresAt = state.auth.captchaTokens.get(token)
  if (expiresAt === undefined) return false
  state.auth.captchaTokens.delete(token)
  return expiresAt > state.clock.now()
}

/** Handlers of `/captcha/*`. */
export function captchaHandlers(state: MockState): HttpHandler[] {
  return [
    http.get(
      '*/captcha/captcha.js',
      () =>
        new HttpResponse(CAPTCHA_WIDGET_SCRIPT, {
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' },
        }),
    ),
    http.options('*/captcha/check', () => corsPreflight(state)),
    http.post('*/captcha/check', async ({ request }) => {
      let parsed
      try {
        parsed = CheckSchema.safeParse(JSON.parse(await request.text()))
      } catch {
        return withCors(state, validationError({ body: 'Тело запроса должно быть JSON' }))
      }
      if (!parsed.success) return withCors(state, validationError({ sitekey: 'Нужен ключ капчи' }))
      return withCors(state, HttpResponse.json({ token: issueCaptchaToken(state) }))
    }),
  ]
}
