/**
 * The cookies of the login flow beyond the tokens: `user_id`, `incomplete_profile`, `customer_code`,
 * `session_id` (DESIGN.md section 2) and the HttpOnly one-time login code, which lives only on the
 * id-gateway paths and only as long as the code works.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE } from '#shared/cookies.ts'
import { LOGIN_CODE_COOKIE, LOGIN_CODE_MAX_AGE_S } from '#shared/auth/bff.ts'
import {
  clearCookie,
  cookieName,
  cookieOptions,
  readCookie,
  REFRESH_TOKEN_MAX_AGE_S,
  SESSION_USER_COOKIE,
  setCookie,
} from './cookies.ts'
import { signUser } from './signed-user.ts'

const loginCodeOptions = (request: FastifyRequest, product: string) => ({
  ...cookieOptions(request, true),
  // Sent only to our id-gateway routes (code check, token, registration), never to pages.
  path: `/${product}-id`,
  sameSite: 'strict' as const,
  maxAge: LOGIN_CODE_MAX_AGE_S,
})

const newSessionId = () => randomUUID().replaceAll('-', '')

/** Makes `id` this visitor's session id, for the rest of this request's calls too. */
function useSessionId(request: FastifyRequest, reply: FastifyReply, id: string): void {
  // Later calls of this request already carry it as the session id header.
  request.cookies[cookieName(request, COOKIE.sessionId)] = id
  setCookie(request, reply, COOKIE.sessionId, id, cookieOptions(request, true))
}

/** Gives the visitor a random session id when none exists yet. */
export function ensureSessionId(request: FastifyRequest, reply: FastifyReply): void {
  if (!readCookie(request, COOKIE.sessionId)) useSessionId(request, reply, newSessionId())
}

/** A fresh session id at sign-in, so an id planted before it (session fixation) never names a signed-in session. */
export function renewSessionId(request: FastifyRequest, reply: FastifyReply): void {
  useSessionId(request, reply, newSessionId())
}

/** Keeps the one-time login code server-side, in an HttpOnly cookie of the id-gateway paths. */
export function setLoginCode(request: FastifyRequest, reply: FastifyReply, product: string, idCode: string): void {
  reply.setCookie(LOGIN_CODE_COOKIE, idCode, loginCodeOptions(request, product))
}

/** The one-time login code of this browser, if any. */
export const readLoginCode = (request: FastifyRequest): string | undefined => readCookie(request, LOGIN_CODE_COOKIE)

/** Forgets the login code (used, or the session ended). */
export function clearLoginCode(request: FastifyRequest, reply: FastifyReply, product: string): void {
  const { maxAge: _maxAge, ...options } = loginCodeOptions(request, product)
  reply.clearCookie(LOGIN_CODE_COOKIE, options)
}

/** Allows the registration route without a JWT (spec section 6). */
export function setCustomerCode(request: FastifyRequest, reply: FastifyReply): void {
  setCookie(request, reply, COOKIE.customerCode, '1', cookieOptions(request, false))
}

/** Clears the customer-code cookie once the account exists. */
export function clearCustomerCode(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, COOKIE.customerCode)
}

/**
 * Signs who signed in for this session (decision 026): bound to the session id and the refresh token
 * the session holds now, valid as long as that refresh token (30 days). Nothing without both.
 */
export function writeSignedUser(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  const sessionId = readCookie(request, COOKIE.sessionId)
  const refreshToken = request.session.refreshToken()
  if (!sessionId || !refreshToken) return
  const expiresAt = Math.floor(Date.now() / 1000) + REFRESH_TOKEN_MAX_AGE_S
  const signed = signUser(request.server.config.sessionSecret, userId, { sessionId, refreshToken }, expiresAt)
  setCookie(request, reply, SESSION_USER_COOKIE, signed, cookieOptions(request, true, REFRESH_TOKEN_MAX_AGE_S))
  // Read by the rest of this request (the session view of the answer).
  request.cookies[cookieName(request, SESSION_USER_COOKIE)] = signed
  request.session.rebind()
}

/**
 * Writes who signed in and whether the profile is complete: `user_id` and `incomplete_profile` for
 * page JavaScript, and the signed session user the server's per-user decisions read.
 */
export function setProfileCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string | undefined,
  incomplete: boolean,
): void {
  if (userId) {
    setCookie(request, reply, COOKIE.userId, userId, cookieOptions(request, false, REFRESH_TOKEN_MAX_AGE_S))
    writeSignedUser(request, reply, userId)
  }
  if (incomplete) setCookie(request, reply, COOKIE.incompleteProfile, '1', cookieOptions(request, false))
  else clearCookie(request, reply, COOKIE.incompleteProfile)
}
