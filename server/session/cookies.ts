/**
 * Setting, reading and clearing the contract cookies of DESIGN.md section 2. The HttpOnly cookies
 * only the server reads (the tokens, the session id, the signed session user) are named `__Host-…`
 * and always `Secure` when `PUBLIC_ORIGIN` is https; page JavaScript never sees them either way.
 */
import { randomUUID } from 'node:crypto'
import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE } from '#shared/cookies.ts'
import { COOKIE_MAX_AGE_S } from '#shared/constants.ts'
import { decodeClaims } from './jwt.ts'

/** The signed cookie naming who signed in (see signed-user.ts); HttpOnly. */
export const SESSION_USER_COOKIE = 'session_user'

/** Refresh tokens live 30 days at the gateway; their cookie lives as long. */
export const REFRESH_TOKEN_MAX_AGE_S = 30 * 24 * 3600
/** The access token's life when its `exp` cannot be read (the gateway's default, 15 minutes). */
export const ACCESS_TOKEN_FALLBACK_S = 15 * 60

const SERVER_ONLY = new Set<string>([COOKIE.accessToken, COOKIE.refreshToken, COOKIE.sessionId, SESSION_USER_COOKIE])

const secure = (request: FastifyRequest) => request.server.config.secureCookies || request.protocol === 'https'

/** The name a contract cookie has on the wire: `__Host-access_token` over https for server-only ones. */
export function cookieName(request: FastifyRequest, name: string): string {
  return request.server.config.secureCookies && SERVER_ONLY.has(name) ? `__Host-${name}` : name
}

/** Cookie options for a request: `Path=/`, `SameSite=Lax`, `Secure` over HTTPS, a year unless said. */
export function cookieOptions(request: FastifyRequest, httpOnly: boolean, maxAge: number = COOKIE_MAX_AGE_S) {
  return { path: '/', sameSite: 'lax' as const, secure: secure(request), httpOnly, maxAge }
}

/** Sets a contract cookie under its wire name. */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  options: ReturnType<typeof cookieOptions>,
): void {
  reply.setCookie(cookieName(request, name), value, options)
}

/** Clears a contract cookie under its wire name. */
export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(cookieName(request, name), { path: '/', sameSite: 'lax', secure: secure(request) })
}

/** Seconds the access token has left, from its `exp` (at least a minute, so a clock skew never drops it early). */
function accessTokenMaxAge(token: string): number {
  const exp = decodeClaims(token)?.exp
  if (typeof exp !== 'number') return ACCESS_TOKEN_FALLBACK_S
  return Math.max(60, Math.min(REFRESH_TOKEN_MAX_AGE_S, Math.floor(exp - Date.now() / 1000)))
}

/** Writes the session cookies after a token exchange or refresh; each lives as long as its token. */
export function setTokenCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
): void {
  setCookie(
    request,
    reply,
    COOKIE.accessToken,
    tokens.accessToken,
    cookieOptions(request, true, accessTokenMaxAge(tokens.accessToken)),
  )
  setCookie(
    request,
    reply,
    COOKIE.refreshToken,
    tokens.refreshToken,
    cookieOptions(request, true, REFRESH_TOKEN_MAX_AGE_S),
  )
}

/** Clears everything that says "signed in" (a failed refresh, sign-out). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of [
    COOKIE.accessToken,
    COOKIE.refreshToken,
    SESSION_USER_COOKIE,
    COOKIE.userId,
    COOKIE.incompleteProfile,
    COOKIE.customerCode,
  ]) {
    clearCookie(request, reply, name)
  }
}

/**
 * Visible ASCII only: our cookie values (tokens, ids, flags) are sent on as header values, and a
 * decoded control character or non-ASCII letter (`%0a`, `%00`, U+2028) is no valid header value.
 */
const HEADER_SAFE = /^[\x21-\x7e]+$/

/** Reads a contract cookie under its wire name; an unparseable, empty or non-header-safe value is absent. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies[cookieName(request, name)]
  return value && HEADER_SAFE.test(value) ? value : undefined
}

/**
 * The session id of a request's gateway calls (spec section 7: every call carries one, from the first
 * request on). A visitor without one gets one the first time a call needs it (an answer from the page
 * cache needs none); the session plugin hands it out with the answer. Random and 32 hex characters.
 */
export function sessionIdOf(request: FastifyRequest): string {
  const known = readCookie(request, COOKIE.sessionId)
  if (known) return known
  const id = randomUUID().replaceAll('-', '')
  request.newSessionId = id
  request.cookies[cookieName(request, COOKIE.sessionId)] = id
  return id
}
