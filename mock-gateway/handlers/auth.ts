/** Id gateway login: OTP request and check, tokens, refresh and the cross-site token exchange. */
import { randomBytes, randomUUID } from 'node:crypto'
import type { HttpHandler } from 'msw'
import { checkOtp, exchangeCrossToken, getTokens, refreshTokens, requestOtp } from '#shared/gateway/auth.ts'
import { issueTokens, rotateRefreshToken, verifyAccessToken } from '../auth/tokens.ts'
import { isComplete, userById, userByPhone } from '../domain/users.ts'
import { gatewayError, validationError } from '../http/gateway-error.ts'
import { mockEndpoint } from '../http/mock-endpoint.ts'
import type { MockState } from '../state.ts'
import { consumeCaptchaToken } from './captcha.ts'
import { recordFingerprint } from './fingerprint.ts'

/** An OTP code works this long. */
export const OTP_TTL_MS = 60_000
/** More code requests than this per phone within OTP_WINDOW_MS answer 422. */
export const OTP_REQUESTS_PER_WINDOW = 3
export const OTP_WINDOW_MS = 60_000
/** Wrong codes that invalidate an attempt. */
export const OTP_MAX_WRONG = 5
/** A login code from a verified OTP works this long (for registration and tokens). */
export const ID_CODE_TTL_MS = 10 * 60_000

/**
 * 400 naming `aud` when a login call is for another audience than the store's (spec sections 3 and 7:
 * the store's public config `aud`, by default the loyalty web client); undefined when it is the store's.
 */
function otherAudience(state: MockState, aud: string): Response | undefined {
  if (aud === state.config.aud) return undefined
  return validationError({
    aud: `expected ${JSON.stringify(state.config.aud)} (MOCK_AUD, else the store's AUD), got ${JSON.stringify(aud)}`,
  })
}

/** Handlers of `/v1/auth/*`. */
export function authHandlers(state: MockState): HttpHandler[] {
  return [
    mockEndpoint(state, requestOtp, ({ body, request }) => {
      const refused = otherAudience(state, body.aud)
      if (refused) return refused
      const now = state.clock.now()
      // The spec's spelling (section 7) in the body, or a `captcha-token` header.
      const captcha = body['captcha-token'] ?? request.headers.get('captcha-token') ?? ''
      // Spec section 5: under anti-fraud the token must come from the (emulated) captcha, unused and in time.
      if (state.config.antifraud && !consumeCaptchaToken(state, captcha))
        return gatewayError(400, 'CaptchaError', 'Нужна проверка капчи')
      if (body.fingerprintToken) recordFingerprint(state, body.fingerprintToken, body.phone)
      const recent = (state.auth.otpRequests.get(body.phone) ?? []).filter((at) => now - at < OTP_WINDOW_MS)
      if (recent.length >= OTP_REQUESTS_PER_WINDOW) {
        state.auth.otpRequests.set(body.phone, recent)
        return gatewayError(422, 'unprocessableEntity', 'Слишком много запросов кода, попробуйте позже')
      }
      state.auth.otpRequests.set(body.phone, [...recent, now])
      const attemptId = randomUUID()
      state.auth.attempts.set(attemptId, {
        phone: body.phone,
        expiresAt: now + OTP_TTL_MS,
        wrongCodes: 0,
        closed: false,
      })
      return { attemptId, expires: new Date(now + OTP_TTL_MS).toISOString() }
    }),

    mockEndpoint(state, checkOtp, ({ body }) => {
      const refused = otherAudience(state, body.aud)
      if (refused) return refused
      const now = state.clock.now()
      const attempt = state.auth.attempts.get(body.attemptId)
      if (!attempt || attempt.phone !== body.phone || attempt.closed || attempt.expiresAt <= now) {
        return gatewayError(422, 'attemptExpired', 'Код устарел, запросите новый')
      }
      if (body.code !== state.config.otpCode) {
        attempt.wrongCodes++
        const attemptsLeft = Math.max(0, OTP_MAX_WRONG - attempt.wrongCodes)
        if (attemptsLeft === 0) attempt.closed = true
        return gatewayError(400, 'wrongCode', 'Неверный код', { attemptsLeft })
      }
      attempt.closed = true
      const idCode = randomBytes(16).toString('hex')
      state.auth.idCodes.set(idCode, { phone: body.phone, expiresAt: now + ID_CODE_TTL_MS, used: false })
      return { idCode, isRegistered: userByPhone(state, body.phone) !== undefined }
    }),

    mockEndpoint(state, getTokens, ({ body }) => {
      const refused = otherAudience(state, body.aud)
      if (refused) return refused
      const entry = state.auth.idCodes.get(body.idCode)
      if (!entry || entry.used || entry.expiresAt <= state.clock.now()) {
        return gatewayError(422, 'idCodeExpired', 'Код входа устарел, войдите снова')
      }
      const user = userByPhone(state, entry.phone)
      if (!user) return gatewayError(422, 'user_not_found', 'Пользователь не зарегистрирован')
      entry.used = true
      return issueTokens(state, user.userId, body.aud)
    }),

    mockEndpoint(
      state,
      refreshTokens,
      ({ body }) =>
        otherAudience(state, body.aud) ??
        rotateRefreshToken(state, body.refreshToken, body.aud) ??
        gatewayError(401, 'unauthorized', 'Сессия истекла'),
    ),

    // `aud` is the main site's audience here, which the spec does not name (the store's MAIN_SITE_AUD):
    // any is taken. The main site needs a whole profile: a token that names no profile (a removed user,
    // or not a token of ours) answers 404 profileNotFound, an incomplete profile 422 incompleteProfile.
    mockEndpoint(state, exchangeCrossToken, ({ body }) => {
      const owner = verifyAccessToken(state, body.token)
      const user = owner ? userById(state, owner) : undefined
      if (!user) return gatewayError(404, 'profileNotFound', 'Профиль не найден')
      if (!isComplete(user)) return gatewayError(422, 'incompleteProfile', 'Профиль не заполнен')
      return {
        token: randomBytes(24).toString('base64url'),
        aud: body.aud,
        expires: new Date(state.clock.now() + 60_000).toISOString(),
      }
    }),
  ]
}
