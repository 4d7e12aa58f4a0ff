/**
 * Session routes answered by the server itself (DESIGN.md "Sessions"): the login calls at the paths
 * the browser's client calls (exact routes win over the proxy's wildcard), registration, profile
 * changes (they re-check completeness), token refresh and sign-out. Tokens and the one-time login
 * code stay in HttpOnly cookies and never reach page JavaScript, a URL or a log line.
 */
import { createHmac } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { safeParse } from 'zod/mini'
import { AppError, FALLBACK_MESSAGE, errorBody, toAppError, userMessage } from '#shared/api/errors.ts'
import {
  BffRegistrationSchema,
  CROSS_TOKEN_PARAM,
  LOGOUT_PATH,
  type BffCrossToken,
  type BffOtpCheck,
  type BffSession,
} from '#shared/auth/bff.ts'
import { AUTH_MESSAGES } from '#shared/auth/error-flags.ts'
import { checkOtp, exchangeCrossToken, getTokens, requestOtp } from '#shared/gateway/auth.ts'
import { registerProfile, updateProfile } from '#shared/gateway/profile.ts'
import { OtpCheckSchema, OtpRequestSchema, type OtpAttempt } from '#shared/models/auth.ts'
import { ProfilePatchSchema, type Profile } from '#shared/models/profile.ts'
import { mainSiteLocation } from '#shared/routing/rules.ts'
import { ACCESS_TOKEN_FALLBACK_S, clearSessionCookies, REFRESH_TOKEN_MAX_AGE_S } from './cookies.ts'
import { establishSession, isProfileIncomplete } from './login.ts'
import {
  clearCustomerCode,
  clearLoginCode,
  ensureSessionId,
  readLoginCode,
  setCustomerCode,
  setLoginCode,
  setProfileCookies,
} from './login-cookies.ts'
import { createMemoryLimiter, type LimitResult, type RateLimiter } from './otp-limiter.ts'
import { clientAddressKey } from './client-address.ts'

/** Body cap of our own JSON routes (DESIGN.md section 4). */
const BODY_LIMIT = 64 * 1024
/** Client addresses the per-process sign-out limit tracks at most (oldest dropped first). */
const SIGN_OUT_LIMITER_KEYS = 10_000

export interface SessionRoutesOptions {
  /** The OTP per-IP limiter; the app's (Redis or per process, see the shared-state plugin) by default. */
  otpLimiter?: RateLimiter
  /** The OTP per-phone limiter; the app's by default. */
  otpPhoneLimiter?: RateLimiter
  /** One code per cooldown for a phone past its limit; the app's by default. */
  otpPhoneCooldown?: RateLimiter
}

/**
 * The spec spells the code request's captcha field `captcha-token` (section 7); the browser's older
 * builds sent `captchaToken`. Both are read, the spec's spelling goes on to the gateway.
 */
function normalizeCaptchaField(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {}
  const { captchaToken, ...rest } = body as Record<string, unknown>
  return rest['captcha-token'] === undefined && captchaToken !== undefined
    ? { ...rest, 'captcha-token': captchaToken }
    : rest
}

/** A phone as a limiter key: a keyed hash, so Redis never holds a phone number (decision 026). */
const keyedPhone = (secret: string, phone: string): string =>
  createHmac('sha256', secret).update(`otp-phone\u0000${phone}`).digest('base64url').slice(0, 32)

/** Answers a failed gateway call like the gateway would: its status and code, a safe message. */
function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const failure = toAppError(error)
  const status = failure.status >= 400 && failure.status <= 599 ? failure.status : 502
  if (status >= 500) request.log.warn({ endpoint: failure.endpoint, code: failure.code }, 'login call failed')
  const message = status >= 500 ? FALLBACK_MESSAGE : userMessage(failure)
  // A wrong code says how many tries its attempt has left (walkthrough UX4-22).
  const attemptsLeft = failure.details?.['attemptsLeft']
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({
      code: failure.gatewayCode ?? failure.code,
      message,
      ...(typeof attemptsLeft === 'number' && status < 500 ? { attemptsLeft } : {}),
    })
}

const invalid = (reply: FastifyReply) =>
  reply
    .code(400)
    .header('cache-control', 'no-store')
    .send(errorBody('bad_request', { gatewaySpelling: true }))

/** Sign-out, the login calls that carry tokens or the login code, and profile changes. */
export const sessionRoutesPlugin = fp(
  async (app, opts: SessionRoutesOptions) => {
    const { config } = app
    const { product } = config
    const { aud } = config.publicConfig
    const prefix = `/${product}-id`
    const limiter = opts.otpLimiter ?? app.otpLimiter
    const phoneLimiter = opts.otpPhoneLimiter ?? app.otpPhoneLimiter
    const phoneCooldown = opts.otpPhoneCooldown ?? app.otpPhoneCooldown
    const signOutLimiter = createMemoryLimiter({
      limit: config.signOutLimit,
      windowMs: 60_000,
      maxKeys: SIGN_OUT_LIMITER_KEYS,
    })
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

    /**
     * Sign-out ends the session: the cookies are cleared and the browser is told to drop every cookie
     * of the origin and its storage: the card and passes kept for the till, the service worker
     * (registered again on the next page), local and session storage (decision 029). The session's
     * tokens go on the denylist until they would have expired (the gateway has no revocation call), but
     * only when the signed session user proves that this store issued them to this session (decision
     * 026): a stranger's junk cookies store nothing. Limited per client address, like every route that
     * may write to the shared store.
     */
    app.post(LOGOUT_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = 'session.logout'
      if (!(await signOutLimiter.take(clientAddressKey(request.ip))).ok) {
        request.log.info('sign-out limit reached')
        return noStore(reply).code(429).header('retry-after', '60').send(errorBody('rate_limited'))
      }
      const proof = request.session.signedUser()
      const refreshToken = request.session.refreshToken()
      const accessToken = request.session.auth.token()
      if (proof && refreshToken) {
        const now = Date.now()
        const accessEnd = (request.session.claims()?.exp ?? now / 1000 + ACCESS_TOKEN_FALLBACK_S) * 1000
        await app.revokedTokens.add([
          { token: refreshToken, untilMs: Math.min(proof.expiresAt * 1000, now + REFRESH_TOKEN_MAX_AGE_S * 1000) },
          ...(accessToken ? [{ token: accessToken, untilMs: Math.min(accessEnd, proof.expiresAt * 1000) }] : []),
        ])
      } else if (refreshToken || accessToken) {
        request.log.info('sign-out without a session of ours: nothing stored')
      }
      request.session.end()
      clearSessionCookies(request, reply)
      clearLoginCode(request, reply, product)
      return noStore(reply).header('clear-site-data', '"cookies", "storage"').code(204).send()
    })

    /**
     * Asks for an SMS code within the limits (decision 026): `OTP_IP_LIMIT` per client address and
     * `OTP_PHONE_LIMIT` per phone an hour. Past them nobody is locked out: past the address's limit a
     * captcha is the way through (the gateway checks the token, which works once), and past the phone's
     * one code per `OTP_PHONE_COOLDOWN_S` (with its captcha). A refusal says when to try again
     * (`retryAfter` seconds and `Retry-After`), so the sheet shows «Новый код через 0:42». A limiter
     * whose store failed refuses (fails closed) and asks for a minute.
     *
     * Only a send that can reach the phone counts against the phone: under anti-fraud the gateway sends
     * nothing without a captcha (it answers `CaptchaError` and the sheet shows the captcha), and a send
     * the gateway refuses (a 4xx: a spent captcha, a bad number) gives its count and cooldown back. A
     * stranger without captchas therefore cannot spend an owner's sends or hold the cooldown.
     */
    app.post(`${prefix}/v1/auth/otp`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = requestOtp.name
      const parsed = safeParse(OtpRequestSchema, { ...normalizeCaptchaField(request.body), aud })
      if (!parsed.success) return invalid(reply)
      const refuse = (result: LimitResult, why: string) => {
        request.log.info({ failed: result.failed === true }, why)
        const retryAfter = Math.max(1, Math.ceil(result.retryMs / 1000))
        return noStore(reply)
          .code(422)
          .header('retry-after', String(retryAfter))
          .send({ ...errorBody('unprocessable', { gatewaySpelling: true }), retryAfter })
      }
      // Only a gateway that checks captchas makes a captcha a way through (ANTIFRAUD on).
      const captcha = config.antifraud && Boolean(parsed.data['captcha-token'])
      // The address counts per IPv4 address or IPv6 /64.
      const byAddress = await limiter.take(clientAddressKey(request.ip))
      if (byAddress.failed || (!byAddress.ok && !captcha)) return refuse(byAddress, 'otp per-address limit reached')
      const phoneKey = keyedPhone(config.sessionSecret, parsed.data.phone)
      /** The phone's counts this send took, given back when the gateway refuses it. */
      const taken: RateLimiter[] = []
      if (!config.antifraud || captcha) {
        const byPhone = await phoneLimiter.take(phoneKey)
        if (byPhone.failed) return refuse(byPhone, 'otp per-phone limit unavailable')
        if (byPhone.ok) taken.push(phoneLimiter)
        // Every send opens the phone's cooldown; past the hourly limit a send needs it to have run out.
        const slot = await phoneCooldown.take(phoneKey)
        if (slot.ok) taken.push(phoneCooldown)
        if (!byPhone.ok && !slot.ok) return refuse(slot, 'otp per-phone limit reached')
      }
      ensureSessionId(request, reply)
      try {
        const attempt: OtpAttempt = await request.api.call(requestOtp, { body: parsed.data })
        return noStore(reply).send(attempt)
      } catch (error) {
        // Refused by the gateway: no code went out, so the phone keeps its sends. A timeout or a 5xx
        // may have sent one and keeps the count.
        if (error instanceof AppError && error.status >= 400 && error.status < 500)
          await Promise.all(taken.map((counted) => counted.giveBack(phoneKey)))
        return sendFailure(request, reply, error)
      }
    })

    /** Verifies the code; the login code is kept in an HttpOnly cookie, the answer says only whether the phone has an account. */
    app.post(`${prefix}/v1/auth/otp/check`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = checkOtp.name
      const parsed = safeParse(OtpCheckSchema, { ...(request.body as object), aud })
      if (!parsed.success) return invalid(reply)
      ensureSessionId(request, reply)
      try {
        const result = await request.api.call(checkOtp, { body: parsed.data })
        setLoginCode(request, reply, product, result.idCode)
        // An unregistered phone may open the registration route without a JWT (spec section 6).
        if (!result.isRegistered) setCustomerCode(request, reply)
        const answer: BffOtpCheck = { isRegistered: result.isRegistered }
        return noStore(reply).send(answer)
      } catch (error) {
        return sendFailure(request, reply, error)
      }
    })

    /** Trades the kept login code for tokens: the session is set in cookies, the answer carries no token. */
    app.post(`${prefix}/v1/auth/token`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = getTokens.name
      const idCode = readLoginCode(request)
      if (!idCode) return noStore(reply).code(422).send({ code: 'idCodeExpired', message: AUTH_MESSAGES.tryLater })
      try {
        const tokens = await request.api.call(getTokens, { body: { aud, idCode } })
        clearLoginCode(request, reply, product)
        const session: BffSession = await establishSession(request, reply, tokens, {
          profileLoadDelayMs: config.profileLoadDelayMs,
        })
        return noStore(reply).send(session)
      } catch (error) {
        return sendFailure(request, reply, error)
      }
    })

    /** Refreshes the session from its refresh-token cookie (the same coordinated refresh the proxy uses). */
    app.post(`${prefix}/v1/auth/token/refresh`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = 'auth.token.refresh'
      try {
        const ok = await request.session.auth.refresh()
        if (!ok)
          return noStore(reply)
            .code(401)
            .send(errorBody('unauthorized', { gatewaySpelling: true }))
        return noStore(reply).code(204).send()
      } catch (error) {
        return sendFailure(request, reply, error)
      }
    })

    /** Registers the verified phone with the kept login code, then signs the new account in. */
    app.post(`${prefix}/v3/profile/register/${product}-id-code`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = registerProfile.name
      const parsed = safeParse(BffRegistrationSchema, request.body)
      if (!parsed.success) return invalid(reply)
      const idCode = readLoginCode(request)
      if (!idCode) return noStore(reply).code(422).send({ code: 'idCodeExpired', message: AUTH_MESSAGES.tryLater })
      try {
        const { permissions, ...fields } = parsed.data
        const created = await request.api.call(registerProfile, {
          body: { ...fields, idCode, ...(permissions ? { permissions } : {}) },
        })
        const tokens = await request.api.call(getTokens, { body: { aud, idCode } })
        clearLoginCode(request, reply, product)
        clearCustomerCode(request, reply)
        const session = await establishSession(request, reply, tokens, {
          userId: created.userId,
          profileLoadDelayMs: config.profileLoadDelayMs,
        })
        return noStore(reply).send(session)
      } catch (error) {
        return sendFailure(request, reply, error)
      }
    })

    /**
     * Opens the main site's profile signed in (spec section 7): trades the session's access token for a
     * short-lived cross token of the main site's audience and answers the profile URL carrying it. An
     * incomplete profile (422 `incompleteProfile`) also marks the `incomplete_profile` cookie.
     */
    app.post(`${prefix}/v1/auth/cross-token/exchange`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = exchangeCrossToken.name
      if (!request.session.auth.token())
        return noStore(reply)
          .code(401)
          .send(errorBody('unauthorized', { gatewaySpelling: true }))
      try {
        await request.session.ensureFresh()
        const token = request.session.auth.token()
        if (!token) throw new AppError('unauthorized')
        const cross = await request.api.call(exchangeCrossToken, { body: { token, aud: config.mainSiteAud } })
        const answer: BffCrossToken = {
          location: mainSiteLocation(
            config.mainSiteUrl,
            '/profile',
            `?${new URLSearchParams({ [CROSS_TOKEN_PARAM]: cross.token })}`,
          ),
        }
        return noStore(reply).send(answer)
      } catch (error) {
        if (error instanceof AppError && error.gatewayCode === 'incompleteProfile') {
          const userId = request.session.userId()
          if (userId) setProfileCookies(request, reply, userId, true)
        }
        // A session whose profile is gone is of no use: the shopper signs in again.
        if (error instanceof AppError && error.gatewayCode === 'profileNotFound') {
          request.session.end()
          clearSessionCookies(request, reply)
        }
        return sendFailure(request, reply, error)
      }
    })

    /** Changes profile fields, then re-checks completeness and updates the `incomplete_profile` cookie. */
    app.patch(`${prefix}/v1/profile`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = updateProfile.name
      const parsed = safeParse(ProfilePatchSchema, request.body)
      if (!parsed.success) return invalid(reply)
      if (!request.session.auth.token())
        return noStore(reply)
          .code(401)
          .send(errorBody('unauthorized', { gatewaySpelling: true }))
      try {
        await request.session.ensureFresh()
        const profile: Profile = await request.api.call(updateProfile, { body: parsed.data })
        const incomplete = await isProfileIncomplete(request.api).catch(() => request.session.state().incompleteProfile)
        setProfileCookies(request, reply, profile.userId, incomplete)
        return noStore(reply).send(profile)
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized' && request.session.ended) {
          return noStore(reply)
            .code(401)
            .send(errorBody('unauthorized', { gatewaySpelling: true }))
        }
        return sendFailure(request, reply, error)
      }
    })
  },
  { name: 'session-routes', dependencies: ['context', 'shared-state', 'session', 'gateway-client'] },
)
