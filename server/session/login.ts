/**
 * The server's side of signing in: adopting a token pair, learning the user id, and the profile
 * completeness check of spec section 8 (`GET /v1/keeperid/bunch`: 422 `incomplete_profile_info` →
 * incomplete, any other 422 → valid).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#shared/api/errors.ts'
import type { ApiClient } from '#shared/api/client.ts'
import { getKeeperBunch, getProfile } from '#shared/gateway/profile.ts'
import type { TokenPair } from '#shared/models/auth.ts'
import type { BffSession } from '#shared/auth/bff.ts'
import { renewSessionId, setProfileCookies } from './login-cookies.ts'

/** Whether the profile of the session is incomplete. Failures other than a 422 are thrown. */
export async function isProfileIncomplete(api: ApiClient): Promise<boolean> {
  try {
    await api.call(getKeeperBunch)
    return false
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return error.gatewayCode === 'incomplete_profile_info'
    throw error
  }
}

/**
 * Makes the tokens this request's session, learns the user id (the token's subject, else the
 * profile) and the completeness, and writes every session cookie. The answer carries no token.
 */
export async function establishSession(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenPair,
  options: { userId?: string | undefined; profileLoadDelayMs: number },
): Promise<BffSession> {
  request.session.adopt(tokens)
  renewSessionId(request, reply)
  const [userId, incomplete] = await Promise.all([
    options.userId ?? request.session.claims()?.sub ?? request.api.call(getProfile).then((profile) => profile.userId),
    isProfileIncomplete(request.api).catch((error: unknown) => {
      // The check failing must not lose the session; the next profile change checks again.
      request.log.warn(
        { code: error instanceof AppError ? error.code : 'internal' },
        'profile completeness check failed',
      )
      return false
    }),
  ])
  setProfileCookies(request, reply, userId, incomplete)
  return { userId, incompleteProfile: incomplete, profileLoadDelayMs: options.profileLoadDelayMs }
}
