/**
 * The cross-replica refresh against a real redis-server: two clients stand for two replicas. One
 * exchange per refresh token, its outcome shared and unreadable in Redis, and in-process fallback
 * when Redis is gone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import { pino } from 'pino'
import { waitFor } from '../test/http.ts'
import { redisCommand, startRedis, type TestRedis } from '../test/redis.ts'
import type { TokenPair } from './refresher.ts'
import { closeRedisClient, createRedisClient } from '../redis/client.ts'
import { createSharedRefresh } from './shared-refresh.ts'

const PREFIX = 'test:'
let redis: TestRedis
let clients: Redis[] = []

beforeEach(async () => {
  redis = await startRedis()
})
afterEach(async () => {
  await Promise.all(clients.map((client) => closeRedisClient(client, 200)))
  clients = []
  await redis.stop()
})

/** A replica's client; the happy-path tests give commands time enough that a loaded machine never looks like a slow Redis. */
async function replicaClient(timeoutMs = 500): Promise<Redis> {
  const client = createRedisClient({ url: redis.url, timeoutMs }, pino({ level: 'silent' }))
  clients.push(client)
  await waitFor(async () => client.status === 'ready', 5_000)
  return client
}

/** An exchange that counts its calls and finishes when the test says so. */
function gatedExchange(outcome: () => Promise<TokenPair | null>) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const state = { calls: 0, release }
  const exchange = async () => {
    state.calls++
    await gate
    return outcome()
  }
  return { state, exchange }
}

const PAIR: TokenPair = { accessToken: 'header.new-access.signature', refreshToken: 'new-refresh-token-value' }

describe('refresh shared through Redis', () => {
  it('exchanges once for concurrent refreshes on two replicas and answers all of them the same pair', async () => {
    const fallbacks: unknown[] = []
    const onFallback = (error: unknown) => fallbacks.push(error)
    const [a, b] = [await replicaClient(5_000), await replicaClient(5_000)]
    const replicas = [a, b].map((client) =>
      createSharedRefresh({ client, keyPrefix: PREFIX, lockMs: 5_000, pollMs: 10, onFallback }),
    )
    const { state, exchange } = gatedExchange(async () => PAIR)
    const results = Array.from({ length: 10 }, (_, i) => replicas[i % 2]!.run('old-refresh-token', exchange))
    await waitFor(async () => state.calls > 0, 5_000)
    state.release()
    expect(await Promise.all(results)).toEqual(Array.from({ length: 10 }, () => PAIR))
    expect(state.calls).toBe(1)
    expect(fallbacks).toEqual([])
    // A request that still carries the old token a moment later gets the same pair without a call.
    expect(await replicas[1]!.run('old-refresh-token', exchange)).toEqual(PAIR)
    expect(state.calls).toBe(1)
  })

  it('keeps neither the token nor the new pair readable in Redis', async () => {
    const client = await replicaClient()
    const shared = createSharedRefresh({ client, keyPrefix: PREFIX, lockMs: 5_000, onFallback: () => undefined })
    await shared.run('old-refresh-token', async () => PAIR)
    const keys = await client.keys('*')
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^test:refresh:result:[0-9a-f]{32}$/)
    const stored = await client.get(keys[0]!)
    for (const secret of ['old-refresh-token', PAIR.accessToken, PAIR.refreshToken, 'new-access']) {
      expect(keys[0]).not.toContain(secret)
      expect(stored).not.toContain(secret)
      expect(Buffer.from(stored!, 'base64').toString('latin1')).not.toContain(secret)
    }
  })

  it('shares a refused refresh (null) so no replica retries a token the gateway rejected', async () => {
    const [a, b] = [await replicaClient(), await replicaClient()]
    const onFallback = () => undefined
    const first = createSharedRefresh({ client: a, keyPrefix: PREFIX, lockMs: 5_000, onFallback })
    const second = createSharedRefresh({ client: b, keyPrefix: PREFIX, lockMs: 5_000, onFallback })
    let calls = 0
    const exchange = async () => {
      calls++
      return null
    }
    expect(await first.run('revoked-token', exchange)).toBeNull()
    expect(await second.run('revoked-token', exchange)).toBeNull()
    expect(calls).toBe(1)
  })

  it('does not remember a failed exchange: the lock is freed and the next request tries again', async () => {
    const client = await replicaClient()
    const shared = createSharedRefresh({ client, keyPrefix: PREFIX, lockMs: 60_000, onFallback: () => undefined })
    await expect(
      shared.run('token', async () => {
        throw new Error('gateway reset the connection')
      }),
    ).rejects.toThrow('gateway reset the connection')
    expect(await client.keys('*')).toEqual([])
    expect(await shared.run('token', async () => PAIR)).toEqual(PAIR)
  })

  it('falls back to the exchange in process when Redis is down, and says so', async () => {
    const client = await replicaClient()
    const fallbacks: unknown[] = []
    const shared = createSharedRefresh({
      client,
      keyPrefix: PREFIX,
      lockMs: 5_000,
      onFallback: (error) => fallbacks.push(error),
    })
    await redis.kill()
    let calls = 0
    expect(
      await shared.run('token', async () => {
        calls++
        return PAIR
      }),
    ).toEqual(PAIR)
    expect(calls).toBe(1)
    expect(fallbacks.length).toBeGreaterThan(0)
  })

  it('falls back in process when Redis is slow (the command timeout, not a hang)', async () => {
    const client = await replicaClient()
    const fallbacks: unknown[] = []
    const shared = createSharedRefresh({
      client,
      keyPrefix: PREFIX,
      lockMs: 5_000,
      onFallback: (error) => fallbacks.push(error),
    })
    expect(await redisCommand(redis.port, 'CLIENT PAUSE 10000 ALL')).toBe('+OK')
    expect(await shared.run('token', async () => PAIR)).toEqual(PAIR)
    expect(fallbacks).toHaveLength(1)
    expect(String(fallbacks[0])).toMatch(/timed out/i)
  })

  it('lets a waiting replica fall back when Redis dies while the winner is still exchanging', async () => {
    const [a, b] = [await replicaClient(), await replicaClient()]
    const fallbacks: unknown[] = []
    const onFallback = (error: unknown) => fallbacks.push(error)
    const winner = createSharedRefresh({ client: a, keyPrefix: PREFIX, lockMs: 5_000, pollMs: 10, onFallback })
    const waiter = createSharedRefresh({ client: b, keyPrefix: PREFIX, lockMs: 5_000, pollMs: 10, onFallback })
    const slow = gatedExchange(async () => PAIR)
    const won = winner.run('token', slow.exchange)
    await waitFor(async () => slow.state.calls === 1, 5_000)
    let waiterCalls = 0
    const waited = waiter.run('token', async () => {
      waiterCalls++
      return PAIR
    })
    await redis.kill()
    expect(await waited).toEqual(PAIR)
    expect(waiterCalls).toBe(1)
    slow.state.release()
    expect(await won).toEqual(PAIR)
    expect(fallbacks.length).toBeGreaterThan(0)
  })
})
