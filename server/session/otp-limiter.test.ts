import { afterEach, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import { pino } from 'pino'
import { closeRedisClient, createRedisClient } from '../redis/client.ts'
import { waitFor } from '../test/http.ts'
import { redisCommand, startRedis, type TestRedis } from '../test/redis.ts'
import { createMemoryLimiter, createRedisLimiter } from './otp-limiter.ts'

describe('createMemoryLimiter', () => {
  it('allows the limit per key within the window, then refuses', async () => {
    let now = 0
    const limiter = createMemoryLimiter({ limit: 2, windowMs: 1000, now: () => now })
    expect((await limiter.take('a')).ok).toBe(true)
    expect((await limiter.take('a')).ok).toBe(true)
    expect((await limiter.take('a')).ok).toBe(false)
    expect((await limiter.take('b')).ok).toBe(true)
    now = 1001
    expect((await limiter.take('a')).ok).toBe(true)
  })

  it('takes back a counted attempt: the key may make it again', async () => {
    const limiter = createMemoryLimiter({ limit: 1, windowMs: 1000, now: () => 0 })
    expect((await limiter.take('a')).ok).toBe(true)
    expect((await limiter.take('a')).ok).toBe(false)
    await limiter.giveBack('a')
    expect((await limiter.take('a')).ok).toBe(true)
    await limiter.giveBack('never-seen')
    expect((await limiter.take('never-seen')).ok).toBe(true)
  })

  it('forgets the oldest keys past its capacity', async () => {
    const limiter = createMemoryLimiter({ limit: 1, windowMs: 1000, maxKeys: 2, now: () => 0 })
    await limiter.take('a')
    await limiter.take('b')
    await limiter.take('c')
    expect((await limiter.take('a')).ok).toBe(true)
  })
})

describe('createRedisLimiter (a real redis-server)', () => {
  let redis: TestRedis | undefined
  const clients: Redis[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => closeRedisClient(client, 200)))
    await redis?.stop()
    redis = undefined
  })

  const client = (url: string) => {
    const created = createRedisClient({ url, timeoutMs: 500 }, pino({ level: 'silent' }))
    clients.push(created)
    return created
  }

  it('holds one limit across two replicas and counts no fallback', async () => {
    redis = await startRedis()
    const fallbacks: unknown[] = []
    const [a, b] = [client(redis.url), client(redis.url)]
    await waitFor(async () => a.status === 'ready' && b.status === 'ready', 5_000)
    const replicas = [a, b].map((c) =>
      createRedisLimiter({
        client: c,
        limit: 3,
        windowMs: 3_600_000,
        keyPrefix: 'test:otp',
        onFallback: (e) => fallbacks.push(e),
      }),
    )
    const taken = []
    for (let i = 0; i < 4; i++) taken.push((await replicas[i % 2]!.take('198.51.100.7')).ok)
    expect(taken).toEqual([true, true, true, false])
    expect((await replicas[0]!.take('198.51.100.8')).ok).toBe(true)
    expect(fallbacks).toEqual([])
    expect(await a.pttl('test:otp:198.51.100.7')).toBeGreaterThan(3_500_000)
  })

  it('takes back a counted attempt on any replica', async () => {
    redis = await startRedis()
    const [a, b] = [client(redis.url), client(redis.url)]
    await waitFor(async () => a.status === 'ready' && b.status === 'ready', 5_000)
    const [first, second] = [a, b].map((c) =>
      createRedisLimiter({ client: c, limit: 2, windowMs: 3_600_000, keyPrefix: 'test:otp', onFallback: () => {} }),
    )
    expect((await first!.take('phone')).ok).toBe(true)
    expect((await first!.take('phone')).ok).toBe(true)
    await second!.giveBack('phone')
    expect((await first!.take('phone')).ok).toBe(true)
    expect((await second!.take('phone')).ok).toBe(false)
  })

  it('fails closed when Redis dies, and reports each refusal as a fallback', async () => {
    redis = await startRedis()
    const fallbacks: unknown[] = []
    const c = client(redis.url)
    await waitFor(async () => c.status === 'ready', 5_000)
    const limiter = createRedisLimiter({
      client: c,
      limit: 10,
      windowMs: 3_600_000,
      keyPrefix: 'test:otp',
      onFallback: (e) => fallbacks.push(e),
    })
    expect((await limiter.take('198.51.100.7')).ok).toBe(true)
    await redis.kill()
    expect((await limiter.take('198.51.100.7')).ok).toBe(false)
    expect((await limiter.take('198.51.100.9')).ok).toBe(false)
    expect(fallbacks).toHaveLength(2)
  })

  it('fails closed when Redis is slow: the command timeout refuses instead of waiting', async () => {
    redis = await startRedis()
    const fallbacks: unknown[] = []
    const c = client(redis.url)
    await waitFor(async () => c.status === 'ready', 5_000)
    const limiter = createRedisLimiter({
      client: c,
      limit: 10,
      windowMs: 3_600_000,
      keyPrefix: 'test:otp',
      onFallback: (e) => fallbacks.push(e),
    })
    // Redis stops answering every client (but keeps the connections) for longer than the command timeout.
    expect(await redisCommand(redis.port, 'CLIENT PAUSE 10000 ALL')).toBe('+OK')
    expect((await limiter.take('198.51.100.7')).ok).toBe(false)
    expect(fallbacks).toHaveLength(1)
    expect(String(fallbacks[0])).toMatch(/timed out/i)
  })

  it('counts again once Redis is back (the client reconnects by itself)', async () => {
    redis = await startRedis()
    const c = client(redis.url)
    await waitFor(async () => c.status === 'ready', 5_000)
    const limiter = createRedisLimiter({
      client: c,
      limit: 10,
      windowMs: 3_600_000,
      keyPrefix: 'test:otp',
      onFallback: () => undefined,
    })
    await redis.kill()
    expect((await limiter.take('198.51.100.7')).ok).toBe(false)
    redis = await startRedis({ port: redis.port })
    await waitFor(async () => c.status === 'ready', 10_000)
    expect((await limiter.take('198.51.100.7')).ok).toBe(true)
  })

  it('fails closed when Redis was never reachable', async () => {
    redis = await startRedis()
    const url = redis.url
    await redis.kill()
    const fallbacks: unknown[] = []
    const limiter = createRedisLimiter({
      client: client(url),
      limit: 10,
      windowMs: 3_600_000,
      keyPrefix: 'test:otp',
      onFallback: (e) => fallbacks.push(e),
    })
    expect((await limiter.take('198.51.100.7')).ok).toBe(false)
    expect(fallbacks).toHaveLength(1)
  })
})
