/**
 * What a stranger can make us store (decision 026), against a real `redis-server` run as production
 * runs it but with a small `maxmemory`, under `volatile-ttl` (the policy that evicts the keys nearest
 * their end first, which is how the OTP counters were lost): a flood of sign-outs with junk cookies
 * neither grows Redis nor evicts an OTP counter, and a real session's sign-out costs one lasting entry.
 */
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { startRedis, type TestRedis } from '#server/test/redis.ts'

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }

let stack: TestApp | undefined
let redis: TestRedis | undefined
let client: Redis | undefined
afterEach(async () => {
  await stack?.close()
  client?.disconnect()
  await redis?.stop()
  stack = redis = client = undefined
})

const info = async (redisClient: Redis, field: string) =>
  Number(new RegExp(`^${field}:(\\d+)`, 'm').exec(await redisClient.info())?.[1])

describe('a junk sign-out flood', () => {
  it('stores nothing, so a full Redis under volatile-ttl keeps the OTP counters', async () => {
    redis = await startRedis({ args: ['--maxmemory-policy', 'volatile-ttl'] })
    client = new Redis(redis.url)
    // A few hundred kilobytes above what an empty server uses: a few thousand junk keys would fill it.
    await client.config('SET', 'maxmemory', String((await info(client, 'used_memory')) + 400_000))
    stack = await startTestApp({
      env: { REDIS_URL: redis.url, SESSION_SECRET: 'f'.repeat(32), OTP_IP_LIMIT: '3' },
      mock: { config: { logLevel: 'silent' } },
    })
    const send = () =>
      stack!.request('/aurora-id/v1/auth/otp', {
        method: 'POST',
        headers: SAME_ORIGIN,
        body: JSON.stringify({ phone: `7900${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` }),
      })
    // The address spends its budget of code sends.
    const spent = []
    for (let i = 0; i < 4; i++) spent.push((await send()).status)
    expect(spent).toEqual([200, 200, 200, 422])
    const keysBefore = await client.dbsize()

    // 4,000 sign-outs with random tokens, from 4,000 addresses (so no per-address limit stops them).
    for (let i = 0; i < 4_000; i += 200) {
      await Promise.all(
        Array.from({ length: 200 }, (_, j) =>
          stack!.app.inject({
            method: 'POST',
            url: '/api/session/logout',
            remoteAddress: `10.1.${(i + j) >> 8}.${(i + j) & 255}`,
            headers: {
              ...SAME_ORIGIN,
              host: 'storefront.test',
              cookie: `access_token=a${Math.random().toString(36).repeat(6)}; refresh_token=r${Math.random().toString(36).repeat(6)}`,
            },
            payload: '{}',
          }),
        ),
      )
    }

    expect(await client.dbsize()).toBe(keysBefore)
    expect(await info(client, 'evicted_keys')).toBe(0)
    // The spent address is still spent.
    expect((await send()).status).toBe(422)
  })

  it('costs one lasting entry per real session, and none for the same sign-out replayed', async () => {
    redis = await startRedis()
    client = new Redis(redis.url)
    stack = await startTestApp({
      env: { REDIS_URL: redis.url, SESSION_SECRET: 'f'.repeat(32) },
      mock: { config: { logLevel: 'silent' } },
    })
    const cookies = new Map<string, string>()
    const call = async (path: string, body: unknown = {}) => {
      const response = await stack!.request(path, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: JSON.stringify(body),
      })
      for (const line of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
        const [pair] = line.split(';')
        const name = pair!.slice(0, pair!.indexOf('='))
        const value = pair!.slice(pair!.indexOf('=') + 1)
        if (value && !/Max-Age=0/i.test(line)) cookies.set(name, value)
      }
      return response
    }
    const phone = '79000000001'
    const otp = await call('/aurora-id/v1/auth/otp', { phone })
    expect(otp.body).toContain('attemptId')
    const { attemptId } = JSON.parse(otp.body) as { attemptId: string }
    expect((await call('/aurora-id/v1/auth/otp/check', { phone, attemptId, code: '12345' })).body).toBe(
      '{"isRegistered":true}',
    )
    expect((await call('/aurora-id/v1/auth/token')).status).toBe(200)
    const kept = new Map(cookies)
    const before = new Set(await client.keys('*revoked:*'))
    expect((await call('/api/session/logout')).status).toBe(204)
    const added = (await client.keys('*revoked:*')).filter((key) => !before.has(key))
    // The refresh token's entry for its remaining life, the access token's only for its own (≤ 15 minutes).
    const ttls = (await Promise.all(added.map((key) => client!.pttl(key)))).sort((a, b) => a - b)
    expect(ttls).toHaveLength(2)
    expect(ttls[0]).toBeLessThanOrEqual(15 * 60_000)
    expect(ttls[1]).toBeGreaterThan(29 * 24 * 3600_000)
    // Replaying the signed-out cookies: refused, and nothing more stored.
    cookies.clear()
    for (const [k, v] of kept) cookies.set(k, v)
    expect((await call('/aurora-id/v1/auth/token/refresh')).status).toBe(401)
    for (const [k, v] of kept) cookies.set(k, v)
    expect((await call('/api/session/logout')).status).toBe(204)
    expect((await client.keys('*revoked:*')).length).toBe(before.size + 2)
  })
})
