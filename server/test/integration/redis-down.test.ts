/**
 * A replica whose Redis is unreachable from the start: it starts, stays ready, serves pages, and
 * refuses SMS code sends with the gateway's 422 wording (the limiter fails closed), counting each.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { BROWSER_UA, freePort } from '#server/test/http.ts'
import { redisFallbacks } from '#server/test/replicas.ts'

let stack: TestStack | undefined
afterEach(async () => {
  await stack?.close()
  stack = undefined
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
    const send = await fetch(`${stack.url}/aurora-id/v1/auth/otp`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '79000000001' }),
    })
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
