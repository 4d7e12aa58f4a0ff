/**
 * Tokens ended by a sign-out (DESIGN.md "Sessions"). The catalogue has no revocation call, so the
 * server keeps the SHA-256 of each signed-out token for as long as the token could live, and refuses
 * it afterwards: a refresh token is never exchanged again, an access token is never attached again.
 * In Redis with `REDIS_URL` (every replica refuses it), else in process. Never the token itself.
 */
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

/** The denylist of signed-out tokens. */
export interface RevokedTokens {
  /** Remembers the tokens as signed out for `ttlMs`. */
  add(tokens: readonly string[], ttlMs: number): Promise<void>
  /** Whether any of the tokens was signed out. */
  anyRevoked(tokens: readonly string[]): Promise<boolean>
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** The in-process denylist: bounded, oldest dropped first, entries forgotten after their time. */
export function createMemoryRevokedTokens(options: { maxEntries?: number; now?: () => number } = {}): RevokedTokens {
  const until = new Map<string, number>()
  const maxEntries = options.maxEntries ?? 100_000
  const now = options.now ?? Date.now
  return {
    async add(tokens, ttlMs) {
      for (const token of tokens) {
        const key = digest(token)
        until.delete(key)
        until.set(key, now() + ttlMs)
      }
      while (until.size > maxEntries) {
        const oldest = until.keys().next().value
        if (oldest === undefined) break
        until.delete(oldest)
      }
    },
    async anyRevoked(tokens) {
      const at = now()
      return tokens.some((token) => {
        const key = digest(token)
        const end = until.get(key)
        if (end === undefined) return false
        if (end > at) return true
        until.delete(key)
        return false
      })
    },
  }
}

/**
 * The shared denylist in Redis. A Redis failure is reported to `onFallback` and the in-process list
 * answers instead: a sign-out is never lost on this replica, and a check during an outage fails open
 * for tokens signed out on another replica (the gateway's own expiry still ends them).
 */
export function createRedisRevokedTokens(options: {
  client: Redis
  keyPrefix: string
  onFallback: (error: unknown) => void
  local?: RevokedTokens
}): RevokedTokens {
  const { client, keyPrefix, onFallback } = options
  const local = options.local ?? createMemoryRevokedTokens()
  const key = (token: string) => `${keyPrefix}revoked:${digest(token)}`
  return {
    async add(tokens, ttlMs) {
      await local.add(tokens, ttlMs)
      try {
        const batch = client.multi()
        for (const token of tokens) batch.set(key(token), '1', 'PX', Math.max(1, Math.round(ttlMs)))
        await batch.exec()
      } catch (error) {
        onFallback(error)
      }
    },
    async anyRevoked(tokens) {
      if (tokens.length === 0) return false
      if (await local.anyRevoked(tokens)) return true
      try {
        return (await client.exists(...tokens.map(key))) > 0
      } catch (error) {
        onFallback(error)
        return false
      }
    },
  }
}
