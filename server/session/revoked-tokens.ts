/**
 * Tokens ended by a sign-out (DESIGN.md "Sessions", decision 026). The catalogue has no revocation
 * call, so the server keeps the SHA-256 of each signed-out token until the token would have expired,
 * and refuses it afterwards: a refresh token is never exchanged again, an access token is never
 * attached again. In Redis with `REDIS_URL` (every replica refuses it), else in process. Never the
 * token itself.
 *
 * Only sign-outs of a session this store issued are written (the sign-out route proves it with the
 * signed session user), so a stranger cannot make us store anything: a real session costs one entry
 * for its refresh token, plus one for its access token that lives at most as long as that token
 * (15 minutes).
 */
import type { Redis } from 'ioredis'
import { tokenDigest } from './signed-user.ts'

/** One token to refuse until `untilMs` (epoch milliseconds). */
export interface Revocation {
  token: string
  untilMs: number
}

/** The denylist of signed-out tokens. */
export interface RevokedTokens {
  /** Remembers the tokens as signed out until their own times; entries already past their time are skipped. */
  add(revocations: readonly Revocation[]): Promise<void>
  /** Whether any of the tokens was signed out. */
  anyRevoked(tokens: readonly string[]): Promise<boolean>
  /** Revocations made while Redis failed and not stored there yet (0 without Redis). */
  pending(): number
  /** Stops the retry timer. */
  close(): void
}

/** Entries the in-process list keeps at most: each is a proven sign-out of a real session on this process. */
export const MEMORY_REVOCATIONS_MAX = 200_000

/** The in-process denylist: bounded, the entry nearest its end dropped first, entries forgotten after their time. */
export function createMemoryRevokedTokens(
  options: { maxEntries?: number; now?: () => number } = {},
): RevokedTokens & { size(): number } {
  const until = new Map<string, number>()
  const maxEntries = options.maxEntries ?? MEMORY_REVOCATIONS_MAX
  const now = options.now ?? Date.now
  const sweep = () => {
    const at = now()
    for (const [key, end] of until) if (end <= at) until.delete(key)
  }
  return {
    async add(revocations) {
      const at = now()
      for (const { token, untilMs } of revocations) {
        if (untilMs <= at) continue
        if (until.size >= maxEntries) sweep()
        if (until.size >= maxEntries) {
          // Still full of live sign-outs: the one nearest its end goes (each is a real session's).
          let nearest: string | undefined
          let nearestEnd = Infinity
          for (const [key, end] of until)
            if (end < nearestEnd) {
              nearest = key
              nearestEnd = end
            }
          if (nearest !== undefined) until.delete(nearest)
        }
        until.set(tokenDigest(token), untilMs)
      }
    },
    async anyRevoked(tokens) {
      const at = now()
      return tokens.some((token) => {
        const key = tokenDigest(token)
        const end = until.get(key)
        if (end === undefined) return false
        if (end > at) return true
        until.delete(key)
        return false
      })
    },
    pending: () => 0,
    close: () => undefined,
    size: () => until.size,
  }
}

/** How often revocations that Redis refused are written again. */
export const REVOCATION_RETRY_MS = 2_000
/** Unstored revocations one process holds at most (each a proven sign-out made during a Redis outage). */
export const REVOCATION_PENDING_MAX = 50_000

/**
 * The shared denylist in Redis, keyed `{prefix}revoked:{sha256}` with a TTL of the token's remaining
 * life (owner: this module; docs/redis-keys.md). The in-process list always takes the sign-out too, so
 * this replica refuses the token at once. A write Redis refuses (down, full under `noeviction`) is
 * kept and retried every `REVOCATION_RETRY_MS` and when Redis is ready again, until stored or the
 * token's own end: a sign-out made during an outage is never forgotten while this process lives
 * (decision 026). A check during an outage fails open for tokens signed out on another replica.
 */
export function createRedisRevokedTokens(options: {
  client: Redis
  keyPrefix: string
  onFallback: (error: unknown) => void
  local?: RevokedTokens
  now?: () => number
  retryMs?: number
}): RevokedTokens {
  const { client, keyPrefix, onFallback } = options
  const now = options.now ?? Date.now
  const local = options.local ?? createMemoryRevokedTokens({ now })
  const key = (digest: string) => `${keyPrefix}revoked:${digest}`
  /** Digest → end, waiting for Redis. */
  const unstored = new Map<string, number>()
  let flushing: Promise<void> | undefined

  async function write(entries: ReadonlyArray<[string, number]>): Promise<void> {
    const at = now()
    const live = entries.filter(([, end]) => end > at)
    if (live.length === 0) return
    const batch = client.multi()
    for (const [digest, end] of live) batch.set(key(digest), '1', 'PX', Math.max(1, Math.round(end - at)))
    const results = await batch.exec()
    const failed = results?.find(([error]) => error)
    if (!results || failed) throw failed?.[0] ?? new Error('redis transaction discarded')
  }

  function keep(entries: ReadonlyArray<[string, number]>): void {
    for (const [digest, end] of entries) {
      if (unstored.size >= REVOCATION_PENDING_MAX) {
        const first = unstored.keys().next().value
        if (first !== undefined) unstored.delete(first)
      }
      unstored.set(digest, end)
    }
  }

  function flush(): Promise<void> {
    if (unstored.size === 0 || flushing) return flushing ?? Promise.resolve()
    const entries = [...unstored]
    flushing = write(entries)
      .then(
        () => {
          for (const [digest, end] of entries) if (unstored.get(digest) === end) unstored.delete(digest)
        },
        () => {
          // Still refused: drop only what has run out; the rest waits for the next round.
          const at = now()
          for (const [digest, end] of entries) if (end <= at) unstored.delete(digest)
        },
      )
      .finally(() => {
        flushing = undefined
      })
    return flushing
  }

  const timer = setInterval(() => void flush(), options.retryMs ?? REVOCATION_RETRY_MS)
  timer.unref()
  const onReady = () => void flush()
  client.on('ready', onReady)

  return {
    async add(revocations) {
      await local.add(revocations)
      const entries = revocations.map(({ token, untilMs }): [string, number] => [tokenDigest(token), untilMs])
      try {
        await write(entries)
      } catch (error) {
        onFallback(error)
        keep(entries)
      }
    },
    async anyRevoked(tokens) {
      if (tokens.length === 0) return false
      if (await local.anyRevoked(tokens)) return true
      try {
        return (await client.exists(...tokens.map((token) => key(tokenDigest(token))))) > 0
      } catch (error) {
        onFallback(error)
        return false
      }
    },
    pending: () => unstored.size,
    close() {
      clearInterval(timer)
      client.off('ready', onReady)
    },
  }
}
