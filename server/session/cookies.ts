/** Setting and clearing the contract cookies of DESIGN.md section 2. */
import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE } from '#shared/cookies.ts'
import { COOKIE_MAX_AGE_S } from '#shared/constants.ts'

/** Cookie options for a request: `Path=/`, `SameSite=Lax`, `Secure` over HTTPS. */
export function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    httpOnly,
    maxAge: COOKIE_MAX_AGE_S,
  }
}

/** Writes the session cookies after a token exchange or refresh. */
export function setTokenCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
): void {
  reply.setCookie(COOKIE.accessToken, tokens.accessToken, cookieOptions(request, true))
  reply.setCookie(COOKIE.refreshToken, tokens.refreshToken, cookieOptions(request, true))
}

/** Clears everything that says "signed in" (a failed refresh, sign-out). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of [
    COOKIE.accessToken,
    COOKIE.refreshToken,
    COOKIE.userId,
    COOKIE.incompleteProfile,
    COOKIE.customerCode,
  ]) {
    reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' })
  }
}

/**
 * Visible ASCII only: our cookie values (tokens, ids, flags) are sent on as header values, and a
 * decoded control character or non-ASCII letter (`%0a`, `%00`, U+2028) is no valid header value.
 */
const HEADER_SAFE = /^[\x21-\x7e]+$/

/** Reads a cookie, treating an unparseable, empty or non-header-safe value as absent. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies[name]
  return value && HEADER_SAFE.test(value) ? value : undefined
}
