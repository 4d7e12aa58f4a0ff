/**
 * One token refresh per refresh token in flight, shared by every concurrent request that carries it
 * (page loaders and proxied browser calls alike). The gateway rotates refresh tokens, so a request
 * that arrives shortly after with the old token must get the same new pair: results are kept briefly.
 * With a `coordinator` (Redis, server/session/shared-refresh.ts) the one refresh holds across replicas;
 * this in-process map still joins the requests of one replica, and carries on alone when Redis fails.
 */
import { AppError } from '#shared/api/errors.ts'
import type { ApiClient } from '#shared/api/client.ts'
import { refreshTokens } from '#shared/gateway/auth.ts'

export interface TokenPair {
  accessToken: string
  refreshToken: string
}

/** Runs a refresh once across replicas and answers its outcome to every replica that asks. */
export interface RefreshCoordinator {
  /** Calls `exchange` unless another replica already did (or does) for this token; answers its outcome. */
  run(refreshToken: string, exchange: () => Promise<TokenPair | null>): Promise<TokenPair | null>
}

interface Entry {
  promise: Promise<TokenPair | null>
  settledAt: number | undefined
}

/** Coordinates refreshes; `null` means the gateway refused (400/401): the session is over. */
export class TokenRefresher {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly options: {
      aud: string
      retainMs?: number
      maxEntries?: number
      now?: () => number
      /** Shares the refresh with the other replicas (unset: this process only). */
      coordinator?: RefreshCoordinator
    },
  ) {}

  /** Refreshes with this refresh token, or joins the refresh already running for it. Network failures reject. */
  refresh(api: ApiClient, refreshToken: string): Promise<TokenPair | null> {
    this.prune()
    const existing = this.entries.get(refreshToken)
    if (existing) return existing.promise
    const entry: Entry = { promise: this.run(api, refreshToken), settledAt: undefined }
    this.entries.set(refreshToken, entry)
    entry.promise.then(
      () => {
        entry.settledAt = this.now()
      },
      // A failed exchange (network, 5xx) is not remembered: the next request may try again.
      () => this.entries.delete(refreshToken),
    )
    return entry.promise
  }

  private run(api: ApiClient, refreshToken: string): Promise<TokenPair | null> {
    const exchange = () => this.exchange(api, refreshToken)
    return this.options.coordinator ? this.options.coordinator.run(refreshToken, exchange) : exchange()
  }

  private async exchange(api: ApiClient, refreshToken: string): Promise<TokenPair | null> {
    try {
      return await api.call(refreshTokens, { body: { aud: this.options.aud, refreshToken } })
    } catch (error) {
      // Spec section 4: a refresh answered 400 or 401 clears the stored tokens.
      if (error instanceof AppError && (error.status === 400 || error.status === 401)) return null
      throw error
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  private prune(): void {
    const retain = this.options.retainMs ?? 30_000
    const limit = this.options.maxEntries ?? 10_000
    const now = this.now()
    for (const [key, entry] of this.entries) {
      if (entry.settledAt !== undefined && now - entry.settledAt > retain) this.entries.delete(key)
    }
    while (this.entries.size > limit) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }
}
