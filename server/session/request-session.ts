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
import { verifyUser } from './signed-user.ts'
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
}

/** Builds the session of a request; `idApi` is a client without auth used for the refresh call. */
export function createRequestSession(
  request: FastifyRequest,
  deps: { config: Config; refresher: TokenRefresher; idApi: () => ApiClient },
): RequestSession {
  let accessToken = readCookie(request, COOKIE.accessToken)
  let refreshToken = readCookie(request, COOKIE.refreshToken)
  let pending: { kind: 'set'; tokens: TokenPair } | { kind: 'clear' } | undefined
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
    pending = { kind: 'set', tokens }
    return true
  }

  // Who signed in, as signed by the server at sign-in: never the `user_id` cookie page script can write.
  const verifiedUserId = () =>
    ended ? undefined : verifyUser(deps.config.sessionSecret, readCookie(request, SESSION_USER_COOKIE))

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
      if (pending.kind === 'set') setTokenCookies(request, reply, pending.tokens)
      else clearSessionCookies(request, reply)
      pending = undefined
    },
    adopt(tokens) {
      accessToken = tokens.accessToken
      refreshToken = tokens.refreshToken
      ended = false
      pending = { kind: 'set', tokens }
    },
    end,
    tokens: () => [accessToken, refreshToken].filter((token): token is string => token !== undefined),
  }
  return session
}
