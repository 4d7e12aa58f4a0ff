/**
 * The session of one request, read from its cookies: the tokens (server-side only), the visitor's
 * state for the routing rules, and the auth handler the API client uses. Cookie changes made while
 * the request runs (a refresh, a cleared session) are applied to the reply before its first byte.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE } from '#shared/cookies.ts'
import type { AuthHandler, ApiClient } from '#shared/api/client.ts'
import type { SessionState } from '#shared/routing/types.ts'
import { ecomEnabledFor, type Config } from '../config.ts'
import { clearSessionCookies, readCookie, SESSION_USER_COOKIE, setTokenCookies } from './cookies.ts'
import { verifySignedUser, type SignedUser } from './signed-user.ts'
import { writeSignedUser } from './login-cookies.ts'
import { decodeClaims, isExpiring, type JwtClaims } from './jwt.ts'
import { isCrawler } from './bot.ts'
import type { TokenPair, TokenRefresher } from './refresher.ts'

/** Per-request session; create one with `createRequestSession`. */
export interface RequestSession {
  /** The routing view of the visitor. */
  state(): SessionState
  userId(): string | undefined
  /** The access token's claims, decoded once per token (none when signed out). */
  claims(): JwtClaims | undefined
  auth: AuthHandler
  /** Makes sure a token that is about to expire is refreshed before a call that needs it. */
  ensureFresh(): Promise<void>
  /** True once a refresh was refused: the visitor is anonymous now. */
  readonly ended: boolean
  /** Writes pending cookie changes to the reply; the session plugin's `onSend` hook calls it for every answer. */
  commit(reply: FastifyReply): void
  /** Adopts tokens from a login (BFF). */
  adopt(tokens: TokenPair): void
  /** Forgets the session (sign-out, a refused refresh, a signed-out token). */
  end(): void
  /** The tokens the request came with or the session holds now (for the sign-out's denylist). */
  tokens(): string[]
  /** The refresh token the session holds now. */
  refreshToken(): string | undefined
  /**
   * The signed session user, verified against this session's id and the refresh token it was signed
   * with (decision 026): who signed in, and the proof that the session's tokens are ours.
   */
  signedUser(): SignedUser | undefined
  /** Records that the session user cookie was just signed for the refresh token held now. */
  rebind(): void
}

/** Builds the session of a request; `idApi` is a client without auth used for the refresh call. */
export function createRequestSession(
  request: FastifyRequest,
  deps: { config: Config; refresher: TokenRefresher; idApi: () => ApiClient },
): RequestSession {
  let accessToken = readCookie(request, COOKIE.accessToken)
  let refreshToken = readCookie(request, COOKIE.refreshToken)
  let pending: { kind: 'set'; tokens: TokenPair; refreshed: boolean } | { kind: 'clear' } | undefined
  // The refresh token the incoming `session_user` was signed with: the request's own cookie.
  let boundRefreshToken = refreshToken
  let ended = false
  // The token's payload is decoded at most once per token: the refresh check and the sign-in share it.
  let decoded: { token: string; claims: JwtClaims } | undefined
  const claims = (): JwtClaims | undefined => {
    if (!accessToken) return undefined
    if (decoded?.token !== accessToken) decoded = { token: accessToken, claims: decodeClaims(accessToken) }
    return decoded.claims
  }
  // The crawler list is a large regex: test the user agent once per request.
  const bot = isCrawler(request.headers['user-agent'])

  const end = () => {
    accessToken = undefined
    refreshToken = undefined
    ended = true
    pending = { kind: 'clear' }
  }

  async function refresh(): Promise<boolean> {
    if (!refreshToken) {
      if (accessToken) end()
      return false
    }
    const tokens = await deps.refresher.refresh(deps.idApi(), refreshToken)
    if (!tokens) {
      end()
      return false
    }
    accessToken = tokens.accessToken
    refreshToken = tokens.refreshToken
    pending = { kind: 'set', tokens, refreshed: true }
    return true
  }

  // Who signed in, as signed by the server for this session: never the `user_id` cookie page script can write.
  let verified: { key: string; user: SignedUser | undefined } | undefined
  const signedUser = (): SignedUser | undefined => {
    if (ended) return undefined
    const value = readCookie(request, SESSION_USER_COOKIE)
    const sessionId = readCookie(request, COOKIE.sessionId)
    const key = `${value}\u0000${sessionId}\u0000${boundRefreshToken}`
    if (verified?.key !== key)
      verified = {
        key,
        user: verifySignedUser(deps.config.sessionSecret, value, { sessionId, refreshToken: boundRefreshToken }),
      }
    return verified.user
  }
  const verifiedUserId = () => signedUser()?.userId

  const session: RequestSession = {
    state: () => ({
      // The access token's cookie lives as long as the token; the refresh token keeps the session alive.
      authorized: (accessToken !== undefined || refreshToken !== undefined) && !ended,
      customerCode: readCookie(request, COOKIE.customerCode) !== undefined,
      incompleteProfile: !ended && readCookie(request, COOKIE.incompleteProfile) === '1',
      ecomEnabled: !ended && ecomEnabledFor(deps.config, verifiedUserId()),
      storeChosen: undefined,
      bot,
    }),
    userId: verifiedUserId,
    claims,
    auth: { token: () => accessToken, refresh },
    async ensureFresh() {
      if (!refreshToken) return
      const current = claims()
      if (!accessToken || (current && isExpiring(current, Date.now()))) await refresh().catch(() => undefined)
    },
    get ended() {
      return ended
    },
    commit(reply) {
      if (!pending || reply.sent) return
      if (pending.kind === 'set') {
        // A refresh rotates the refresh token: the session user is signed again for the new one (the
        // gateway's new token names the user when the old value did not verify, e.g. an older format).
        const userId = pending.refreshed
          ? (signedUser()?.userId ?? decodeClaims(pending.tokens.accessToken)?.sub)
          : undefined
        setTokenCookies(request, reply, pending.tokens)
        if (userId) writeSignedUser(request, reply, userId)
      } else clearSessionCookies(request, reply)
      pending = undefined
    },
    adopt(tokens) {
      accessToken = tokens.accessToken
      refreshToken = tokens.refreshToken
      ended = false
      pending = { kind: 'set', tokens, refreshed: false }
    },
    end,
    tokens: () => [accessToken, refreshToken].filter((token): token is string => token !== undefined),
    refreshToken: () => refreshToken,
    signedUser,
    rebind() {
      boundRefreshToken = refreshToken
    },
  }
  return session
}
