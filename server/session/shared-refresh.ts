/**
 * One token refresh per refresh token across all replicas (DESIGN.md section 6). "Return the stored
 * outcome, or take the lock" is one atomic step (a Lua script), so a replica can never take the lock
 * after the winner released it and exchange a token the gateway has already rotated away. The winner
 * stores the outcome briefly, encrypted with a key derived from the old refresh token, and the
 * replicas that lost the race read it. A stored success is never overwritten by a refusal: the
 * store step is a script too, and a refused exchange that finds a success answers that success.
 * Redis keys are derived from the token as well (a one-way HKDF), so Redis never holds a usable token
 * or one under its own name.
 *
 * The stored outcome doubles as the grace window of a rotated token: for `retainMs` (30 s) after a
 * refresh, a request that still carries the old refresh token gets the same new pair, on any replica.
 *
 * When Redis fails before the exchange ran, the caller's in-process coordination carries on alone
 * (`onFallback` is told): the refresh still happens, once per replica, and the balancer's stickiness
 * (deploy/, by a hash of the session cookie) keeps one shopper's burst on one replica.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Redis } from 'ioredis'
import type { RefreshCoordinator, TokenPair } from './refresher.ts'

/** What the shared refresh needs: the client, its key prefix, the lock's lifetime, the fallback report. */
export interface SharedRefreshOptions {
  client: Redis
  /** Prefix of the lock and result keys. */
  keyPrefix: string
  /** How long the lock holds: longer than the refresh call can take, so a live winner never loses it. */
  lockMs: number
  /** How long the outcome is kept for requests that still carry the old token. */
  retainMs?: number
  /** Poll interval of the replicas waiting for the winner. */
  pollMs?: number
  /** Called when Redis failed and the refresh went ahead in process. */
  onFallback: (error: unknown) => void
}

/** The stored outcome: a new pair, or `null` when the gateway refused the token (the session is over). */
type Outcome = { tokens: TokenPair | null }

/** Thrown by the Redis steps, so a gateway failure is never mistaken for a Redis failure. */
class RedisStepError extends Error {
  override name = 'RedisStepError'
}

const SALT = Buffer.from('storefront-token-refresh')

/** Key material derived from the refresh token: the Redis key id and the result's encryption key. */
function derive(refreshToken: string): { id: string; key: Buffer } {
  const material = Buffer.from(hkdfSync('sha256', refreshToken, SALT, 'refresh-coordination', 48))
  return { id: material.subarray(0, 16).toString('hex'), key: material.subarray(16) }
}

function seal(outcome: Outcome, key: Buffer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(outcome), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

function open(sealed: string, key: Buffer): Outcome {
  const raw = Buffer.from(sealed, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  return JSON.parse(text) as Outcome
}

/** The stored tokens; an unreadable value (tampered, truncated) counts as a Redis failure. */
function readOutcome(sealed: string, key: Buffer): TokenPair | null {
  try {
    return open(sealed, key).tokens
  } catch (error) {
    throw new RedisStepError('unreadable refresh outcome', { cause: error })
  }
}

/** Releases the lock only while it is still ours (the standard compare-and-delete of a Redis lock). */
const RELEASE_LUA = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

/**
 * One step: the stored outcome if there is one (`{1, outcome}`), else the lock taken for `ARGV[1]`
 * (`{2}`), else `{0}` (another replica holds it). KEYS: result, lock. ARGV: owner, lock ms.
 */
const CLAIM_LUA = `
local stored = redis.call('get', KEYS[1])
if stored then return {1, stored} end
if redis.call('set', KEYS[2], ARGV[1], 'PX', ARGV[2], 'NX') then return {2} end
return {0}`

/**
 * Stores an outcome unless a success is stored already; answers what is stored afterwards. Outcomes
 * are tagged in clear (`ok:` or `no:`) so the script can tell a success from a refusal. KEYS: result.
 * ARGV: tagged outcome, retain ms.
 */
const STORE_LUA = `
local stored = redis.call('get', KEYS[1])
if stored and string.sub(stored, 1, 3) == 'ok:' then return stored end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`

const tag = (outcome: Outcome, key: Buffer): string => `${outcome.tokens ? 'ok' : 'no'}:${seal(outcome, key)}`
const untag = (stored: string, key: Buffer): TokenPair | null => readOutcome(stored.slice(3), key)

/** Creates the Redis-backed coordinator that `TokenRefresher` runs each refresh through. */
export function createSharedRefresh(options: SharedRefreshOptions): RefreshCoordinator {
  const { client, keyPrefix, lockMs, onFallback } = options
  const retainMs = options.retainMs ?? 30_000
  const pollMs = options.pollMs ?? 25
  // Waiting longer than the lock lives means a stuck winner's lock has expired and one waiter takes over.
  const waitMs = lockMs * 2

  const step = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw new RedisStepError(error instanceof Error ? error.message : String(error), { cause: error })
    }
  }

  const release = async (lockKey: string, owner: string): Promise<void> => {
    await step(() => client.eval(RELEASE_LUA, 1, lockKey, owner)).catch(onFallback)
  }

  async function win(
    lockKey: string,
    resultKey: string,
    owner: string,
    key: Buffer,
    exchange: () => Promise<TokenPair | null>,
  ) {
    let tokens: TokenPair | null
    try {
      tokens = await exchange()
    } catch (error) {
      // A failed exchange is not remembered: free the lock so the next request may try again.
      await release(lockKey, owner)
      throw error
    }
    try {
      const stored = await step(() => client.eval(STORE_LUA, 1, resultKey, tag({ tokens }, key), retainMs))
      // A refusal that finds a success (a winner whose lock had expired) answers that success.
      if (tokens === null && typeof stored === 'string') tokens = untag(stored, key)
    } catch (error) {
      // The refresh is done; only the replicas still waiting lose the shared answer.
      onFallback(error)
    }
    await release(lockKey, owner)
    return tokens
  }

  return {
    async run(refreshToken, exchange) {
      const { id, key } = derive(refreshToken)
      const lockKey = `${keyPrefix}refresh:lock:${id}`
      const resultKey = `${keyPrefix}refresh:result:${id}`
      const owner = randomUUID()
      const deadline = Date.now() + waitMs
      try {
        for (;;) {
          const [state, stored] = (await step(() => client.eval(CLAIM_LUA, 2, resultKey, lockKey, owner, lockMs))) as [
            number,
            string?,
          ]
          if (state === 1 && stored !== undefined) return untag(stored, key)
          if (state === 2) return await win(lockKey, resultKey, owner, key, exchange)
          if (Date.now() >= deadline)
            throw new RedisStepError('the replica holding the refresh lock did not answer in time')
          await sleep(pollMs)
        }
      } catch (error) {
        if (!(error instanceof RedisStepError)) throw error
        onFallback(error)
        return exchange()
      }
    },
  }
}
