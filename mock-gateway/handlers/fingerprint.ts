/**
 * The device-fingerprint service, emulated offline (spec sections 3, 7, 9): `POST /kfp/token` with the
 * client id and the device id issues a token; the OTP handler records the token it receives, so tests
 * can see it arrived (`GET /__mock/fingerprints`). A fault on `/kfp/*` is the failure switch.
 */
import { randomBytes } from 'node:crypto'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { z } from 'zod'
import { corsPreflight, withCors } from '../http/cors.ts'
import { validationError } from '../http/gateway-error.ts'
import type { MockState } from '../state.ts'

/** How many received tokens the mock remembers for `GET /__mock/fingerprints`. */
const RECEIVED_KEPT = 50

const TokenRequestSchema = z.object({
  cid: z.string().min(1),
  deviceId: z
    .string()
    .regex(/^[0-9A-F]{8,128}$/)
    .optional(),
})

/** Issues a fingerprint token for a client id (tests call it directly). */
export function issueFingerprintToken(state: MockState, cid: string): string {
  const token = `kfp.${randomBytes(18).toString('base64url')}`
  state.auth.fingerprints.issued.set(token, cid)
  return token
}

/** Notes a token that came with a code request: whether the service issued it, for which phone. */
export function recordFingerprint(state: MockState, token: string, phone: string): void {
  const { received, issued } = state.auth.fingerprints
  received.push({ token, phone, known: issued.has(token), at: new Date(state.clock.now()).toISOString() })
  if (received.length > RECEIVED_KEPT) received.splice(0, received.length - RECEIVED_KEPT)
}

/** Handlers of `/kfp/*` (the `GET /__mock/fingerprints` log is a control handler). */
export function fingerprintHandlers(state: MockState): HttpHandler[] {
  return [
    http.options('*/kfp/token', () => corsPreflight(state)),
    http.post('*/kfp/token', async ({ request }) => {
      let parsed
      try {
        parsed = TokenRequestSchema.safeParse(JSON.parse(await request.text()))
      } catch {
        return withCors(state, validationError({ body: 'Тело запроса должно быть JSON' }))
      }
      if (!parsed.success) return withCors(state, validationError({ cid: 'Нужен идентификатор клиента' }))
      return withCors(state, HttpResponse.json({ token: issueFingerprintToken(state, parsed.data.cid) }))
    }),
  ]
}
