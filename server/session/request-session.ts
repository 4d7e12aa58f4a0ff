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

/** What a session needs besides its request: the config, the refresher, and a client for the refresh call. */
export interface SessionDeps {
  config: Config
  refresher: TokenRefresher
  /** A client without auth, for the refresh call. */
  idApi: () => ApiClient
}

/**
 * Builds the session of a request; `idApi` is a client without auth used for the refresh call.
 *
 * A class, not an object of closures: every request makes one, and its methods live on the prototype.
 * An object literal with a getter made per request kept each request's whole object graph alive
 * through V8's young-generation collections (its request, reply, headers and cookies were copied and
 * promoted, then freed by a full collection), which made every scavenge of a busy store 5–7 ms long
 * where it is under 1 ms (decision 025, the twenty-first session's amendment).
 */
export function createRequestSession(request: FastifyRequest, deps: SessionDeps): RequestSession {
  return new Session(request, deps)
}

class Session implements RequestSession {
  readonly #request: FastifyRequest
  readonly #deps: SessionDeps
  #accessToken: string | undefined
  #refreshToken: string | undefined
  #pending: { kind: 'set'; tokens: TokenPair; refreshed: boolean } | { kind: 'clear' } | undefined
  // The refresh token the incoming `session_user` was signed with: the request's own cookie.
  #boundRefreshToken: string | undefined
  #ended = false
  // The token's payload is decoded at most once per token: the refresh check and the sign-in share it.
  #decoded: { token: string; claims: JwtClaims } | undefined
  // Who signed in, as signed by the server for this session: never the `user_id` cookie page script can write.
  #verified: { key: string; user: SignedUser | undefined } | undefined
  #auth: AuthHandler | undefined
  // The crawler list is a large regex: test the user agent once per request.
  readonly #bot: boolean

  constructor(request: FastifyRequest, deps: SessionDeps) {
    this.#request = request
    this.#deps = deps
    this.#accessToken = readCookie(request, COOKIE.accessToken)
    this.#refreshToken = readCookie(request, COOKIE.refreshToken)
    this.#boundRefreshToken = this.#refreshToken
    this.#bot = isCrawler(request.headers['user-agent'])
  }

  state(): SessionState {
    const request = this.#request
    const ended = this.#ended
    return {
      // The access token's cookie lives as long as the token; the refresh token keeps the session alive.
      authorized: (this.#accessToken !== undefined || this.#refreshToken !== undefined) && !ended,
      customerCode: readCookie(request, COOKIE.customerCode) !== undefined,
      incompleteProfile: !ended && readCookie(request, COOKIE.incompleteProfile) === '1',
      ecomEnabled: !ended && ecomEnabledFor(this.#deps.config, this.userId()),
      storeChosen: undefined,
      bot: this.#bot,
    }
  }

  userId(): string | undefined {
    return this.signedUser()?.userId
  }

  claims(): JwtClaims | undefined {
    const token = this.#accessToken
    if (!token) return undefined
    if (this.#decoded?.token !== token) this.#decoded = { token, claims: decodeClaims(token) }
    return this.#decoded.claims
  }

  get auth(): AuthHandler {
    return (this.#auth ??= { token: () => this.#accessToken, refresh: () => this.#refresh() })
  }

  async ensureFresh(): Promise<void> {
    if (!this.#refreshToken) return
    const current = this.claims()
    if (!this.#accessToken || (current && isExpiring(current, Date.now()))) await this.#refresh().catch(() => undefined)
  }

  get ended(): boolean {
    return this.#ended
  }

  commit(reply: FastifyReply): void {
    const pending = this.#pending
    if (!pending || reply.sent) return
    if (pending.kind === 'set') {
      // A refresh rotates the refresh token: the session user is signed again for the new one (the
      // gateway's new token names the user when the old value did not verify, e.g. an older format).
      const userId = pending.refreshed
        ? (this.signedUser()?.userId ?? decodeClaims(pending.tokens.accessToken)?.sub)
        : undefined
      setTokenCookies(this.#request, reply, pending.tokens)
      if (userId) writeSignedUser(this.#request, reply, userId)
    } else clearSessionCookies(this.#request, reply)
    this.#pending = undefined
  }

  adopt(tokens: TokenPair): void {
    this.#accessToken = tokens.accessToken
    this.#refreshToken = tokens.refreshToken
    this.#ended = false
    this.#pending = { kind: 'set', tokens, refreshed: false }
  }

  end(): void {
    this.#accessToken = undefined
    this.#refreshToken = undefined
    this.#ended = true
    this.#pending = { kind: 'clear' }
  }

  tokens(): string[] {
    return [this.#accessToken, this.#refreshToken].filter((token): token is string => token !== undefined)
  }

  refreshToken(): string | undefined {
    return this.#refreshToken
  }

  signedUser(): SignedUser | undefined {
    if (this.#ended) return undefined
    const value = readCookie(this.#request, SESSION_USER_COOKIE)
    const sessionId = readCookie(this.#request, COOKIE.sessionId)
    const bound = this.#boundRefreshToken
    const key = `${value}\u0000${sessionId}\u0000${bound}`
    if (this.#verified?.key !== key)
      this.#verified = {
        key,
        user: verifySignedUser(this.#deps.config.sessionSecret, value, { sessionId, refreshToken: bound }),
      }
    return this.#verified.user
  }

  rebind(): void {
    this.#boundRefreshToken = this.#refreshToken
  }

  async #refresh(): Promise<boolean> {
    const refreshToken = this.#refreshToken
    if (!refreshToken) {
      if (this.#accessToken) this.end()
      return false
    }
    const tokens = await this.#deps.refresher.refresh(this.#deps.idApi(), refreshToken)
    if (!tokens) {
      this.end()
      return false
    }
    this.#accessToken = tokens.accessToken
    this.#refreshToken = tokens.refreshToken
    this.#pending = { kind: 'set', tokens, refreshed: true }
    return true
  }
}
