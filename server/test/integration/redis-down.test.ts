/**
 * A replica whose Redis is unreachable from the start: it starts, stays ready, serves pages, and
 * refuses SMS code sends with the gateway's 422 wording (the limiter fails closed), counting each.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { BROWSER_UA, freePort } from '#server/test/http.ts'
import { redisFallbacks } from '#server/test/replicas.ts'
import { redisCommand, startRedis, type TestRedis } from '#server/test/redis.ts'

let stack: TestStack | undefined
let redis: TestRedis | undefined
afterEach(async () => {
  await stack?.close()
  await redis?.stop()
  stack = redis = undefined
})

const sendCode = (url: string) =>
  fetch(`${url}/aurora-id/v1/auth/otp`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '79000000001' }),
  })

describe('Redis unreachable at start-up', () => {
  it('starts, stays ready, serves pages and fails closed for OTP sends', async () => {
    // A free port nobody listens on: every connection attempt is refused.
    const port = await freePort()
    stack = await startTestStack({
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, SESSION_SECRET: 'x'.repeat(32) },
      mock: { config: { logLevel: 'silent' } },
    })
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200)
    expect((await fetch(`${stack.url}/`, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200)
    const send = await sendCode(stack.url)
    expect(send.status).toBe(422)
    expect(await send.json()).toEqual({
      code: 'unprocessableEntity',
      message: 'Попробуйте снова позже',
      retryAfter: 60,
    })
    expect(await redisFallbacks(stack.metrics, 'otp_limit')).toBe(1)
    const exposition = await stack.metrics.registry.metrics()
    expect(exposition).toContain('redis_fallbacks_total{what="otp_limit"} 1')
  })
})

describe('Redis up at start-up', () => {
  it('is ready before the first request, so the first code send is counted in Redis, not refused', async () => {
    redis = await startRedis()
    stack = await startTestStack({
      env: { REDIS_URL: redis.url, SESSION_SECRET: 'x'.repeat(32) },
      mock: { config: { logLevel: 'silent' } },
    })
    const send = await sendCode(stack.url)
    expect(send.status).toBe(200)
    expect(await redisFallbacks(stack.metrics, 'otp_limit')).toBe(0)
    expect(await redisCommand(redis.port, 'DBSIZE')).toMatch(/^:[1-9]/)
  })
})
