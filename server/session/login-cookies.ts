/**
 * The cookies of the login flow beyond the tokens: `user_id`, `incomplete_profile`, `customer_code`,
 * `session_id` (DESIGN.md section 2) and the HttpOnly one-time login code, which lives only on the
 * id-gateway paths and only as long as the code works.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE } from '#shared/cookies.ts'
import { LOGIN_CODE_COOKIE, LOGIN_CODE_MAX_AGE_S } from '#shared/auth/bff.ts'
import { cookieOptions, readCookie } from './cookies.ts'

const loginCodeOptions = (request: FastifyRequest, product: string) => ({
  ...cookieOptions(request, true),
  // Sent only to our id-gateway routes (code check, token, registration), never to pages.
  path: `/${product}-id`,
  sameSite: 'strict' as const,
  maxAge: LOGIN_CODE_MAX_AGE_S,
})

/** Gives the visitor a random session id when the login starts and none exists yet. */
export function ensureSessionId(request: FastifyRequest, reply: FastifyReply): void {
  if (readCookie(request, COOKIE.sessionId)) return
  const id = randomBytes(16).toString('hex')
  // Later calls of this request already carry it as the session id header.
  request.cookies[COOKIE.sessionId] = id
  reply.setCookie(COOKIE.sessionId, id, cookieOptions(request, true))
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
  reply.setCookie(COOKIE.customerCode, '1', cookieOptions(request, false))
}

/** Clears the customer-code cookie once the account exists. */
export function clearCustomerCode(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(COOKIE.customerCode, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' })
}

/** Writes who signed in and whether the profile is complete (both readable by page JavaScript). */
export function setProfileCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string | undefined,
  incomplete: boolean,
): void {
  if (userId) reply.setCookie(COOKIE.userId, userId, cookieOptions(request, false))
  if (incomplete) reply.setCookie(COOKIE.incompleteProfile, '1', cookieOptions(request, false))
  else reply.clearCookie(COOKIE.incompleteProfile, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' })
}
