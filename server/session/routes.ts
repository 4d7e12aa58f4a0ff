/**
 * Session routes answered by the server itself (DESIGN.md "Sessions"): the login calls at the paths
 * the browser's client calls (exact routes win over the proxy's wildcard), registration, profile
 * changes (they re-check completeness), token refresh and sign-out. Tokens and the one-time login
 * code stay in HttpOnly cookies and never reach page JavaScript, a URL or a log line.
 */
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
import { clearSessionCookies, REFRESH_TOKEN_MAX_AGE_S } from './cookies.ts'
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
import type { RateLimiter } from './otp-limiter.ts'
import { clientAddressKey } from './client-address.ts'

/** Body cap of our own JSON routes (DESIGN.md section 4). */
const BODY_LIMIT = 64 * 1024

export interface SessionRoutesOptions {
  /** The OTP per-IP limiter; the app's (Redis or per process, see the shared-state plugin) by default. */
  otpLimiter?: RateLimiter
  /** The OTP per-phone limiter; the app's by default. */
  otpPhoneLimiter?: RateLimiter
}

/** Answers a failed gateway call like the gateway would: its status and code, a safe message. */
function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const failure = toAppError(error)
  const status = failure.status >= 400 && failure.status <= 599 ? failure.status : 502
  if (status >= 500) request.log.warn({ endpoint: failure.endpoint, code: failure.code }, 'login call failed')
  const message = status >= 500 ? FALLBACK_MESSAGE : userMessage(failure)
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ code: failure.gatewayCode ?? failure.code, message })
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
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

    /**
     * Sign-out ends the session: its tokens go on the denylist for as long as the refresh token could
     * live (the gateway has no revocation call), the cookies are cleared, and the browser is told to
     * drop every cookie of the origin and its storage: the card and passes kept for the till, the
     * service worker (registered again on the next page), local and session storage (decision 029).
     */
    app.post(LOGOUT_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = 'session.logout'
      const tokens = request.session.tokens()
      if (tokens.length > 0) await app.revokedTokens.add(tokens, REFRESH_TOKEN_MAX_AGE_S * 1000)
      request.session.end()
      clearSessionCookies(request, reply)
      clearLoginCode(request, reply, product)
      return noStore(reply).header('clear-site-data', '"cookies", "storage"').code(204).send()
    })

    /** Asks for an SMS code, within the per-IP limit (answered like the gateway's 422). */
    app.post(`${prefix}/v1/auth/otp`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      request.routeName = requestOtp.name
      const parsed = safeParse(OtpRequestSchema, { ...(request.body as object), aud })
      if (!parsed.success) return invalid(reply)
      // The address counts per IPv4 address or IPv6 /64; the phone counts whatever the gateway counts.
      if (!(await limiter.take(clientAddressKey(request.ip)))) {
        request.log.info('otp per-ip limit reached')
        return noStore(reply)
          .code(422)
          .send(errorBody('unprocessable', { gatewaySpelling: true }))
      }
      if (!(await phoneLimiter.take(parsed.data.phone))) {
        request.log.info('otp per-phone limit reached')
        return noStore(reply)
          .code(422)
          .send(errorBody('unprocessable', { gatewaySpelling: true }))
      }
      ensureSessionId(request, reply)
      try {
        const attempt: OtpAttempt = await request.api.call(requestOtp, { body: parsed.data })
        return noStore(reply).send(attempt)
      } catch (error) {
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
