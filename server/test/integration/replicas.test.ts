/**
 * DESIGN.md section 6: two storefront replicas on one real redis-server and the real mock
 * gateway. The OTP limit holds across both, one expired session spread over both refreshes once at
 * the gateway, and killing Redis degrades (sends refused with the 422 wording, refresh in process,
 * fallbacks counted, /readyz unaffected) without a single 5xx. The figures are printed for the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFault, BROWSER_UA, waitFor } from '#server/test/http.ts'
import { redisFallbacks, startReplicas, type ReplicaSet } from '#server/test/replicas.ts'
import { startRedis, type TestRedis } from '#server/test/redis.ts'
import { Jar, post, signIn } from '#server/test/sign-in.ts'

const OTP_LIMIT = 10
/** Paths a signed-in page and its browser calls hit at once: the page itself and proxied gateway calls. */
const SESSION_PATHS = [
  '/aurora-id/v1/profile',
  '/webgate/cuscom/v2/user/permissions',
  '/webgate/v2/subscription/status',
  '/',
]

/** The figures the closing note of the issue quotes. */
const figures: Record<string, unknown> = {}

let redis: TestRedis
let set: ReplicaSet

beforeAll(async () => {
  redis = await startRedis()
  set = await startReplicas({
    count: 2,
    // The replicas sit behind a proxy that names the client, as the ingress does in production.
    env: { REDIS_URL: redis.url, OTP_IP_LIMIT: String(OTP_LIMIT), TRUST_PROXY: '127.0.0.1' },
    mock: { config: { logLevel: 'silent' } },
  })
  await waitFor(async () => set.replicas.every((replica) => replica.app.redis?.status === 'ready'), 10_000)
})

afterAll(async () => {
  await set?.close()
  await redis?.stop()
  console.log(`two-replica figures: ${JSON.stringify(figures)}`)
})

/** Makes every access token issued so far expired at the gateway (the mock's clock moves past their TTL). */
async function expireAccessTokens(): Promise<void> {
  const response = await fetch(`${set.mockUrl}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 3_600_000 }),
  })
  expect(response.ok).toBe(true)
}

/** Request `i` of a burst: replicas alternate, and each path goes to both replicas in turn. */
const burstTarget = (i: number) => ({
  replica: set.replicas[i % 2]!,
  path: SESSION_PATHS[Math.floor(i / 2) % SESSION_PATHS.length]!,
})

/** 20 concurrent requests of one session spread over both replicas; resolves with their answers. */
async function burst(jar: Jar): Promise<{
  statuses: number[]
  accessTokens: Set<string>
  renewedOn: Set<number>
  pages: number
  authorizedPages: number
}> {
  const cookie = jar.header()
  const targets = Array.from({ length: 20 }, (_, i) => burstTarget(i))
  const responses = await Promise.all(
    targets.map(({ replica, path }) => fetch(replica.url + path, { headers: { cookie, 'user-agent': BROWSER_UA } })),
  )
  const newAccess = responses.map((r) =>
    r.headers
      .getSetCookie()
      .filter((c) => c.startsWith('access_token=') && !/Max-Age=0/i.test(c))
      .map((c) => c.split(';')[0]!),
  )
  const accessTokens = new Set(newAccess.flat())
  // The replicas (0, 1) whose answers carried the new pair.
  const renewedOn = new Set(newAccess.flatMap((set, i) => (set.length > 0 ? [i % 2] : [])))
  const bodies = await Promise.all(responses.map((r) => r.text()))
  const pageBodies = bodies.filter((_, i) => targets[i]!.path === '/')
  return {
    statuses: responses.map((r) => r.status),
    accessTokens,
    renewedOn,
    pages: pageBodies.length,
    authorizedPages: pageBodies.filter((body) => body.includes('"authorized":true')).length,
  }
}

async function fallbacks(what: string): Promise<number> {
  const counts = await Promise.all(set.replicas.map((replica) => redisFallbacks(replica.metrics, what)))
  return counts.reduce((sum, n) => sum + n, 0)
}

describe('two replicas on one Redis', () => {
  it(`holds the OTP limit across both replicas: the ${OTP_LIMIT + 1}th send over both is refused like the gateway's 422`, async () => {
    const headers = { 'x-forwarded-for': '198.51.100.10' }
    const statuses: number[] = []
    let refusal: unknown
    for (let i = 0; i <= OTP_LIMIT; i++) {
      const response = await post(
        set.replicas[i % 2]!,
        '/aurora-id/v1/auth/otp',
        { phone: `790000010${String(i).padStart(2, '0')}` },
        headers,
      )
      statuses.push(response.status)
      if (response.status === 422) refusal = await response.json()
      else await response.body?.cancel()
    }
    expect(statuses).toEqual([...Array.from({ length: OTP_LIMIT }, () => 200), 422])
    expect(refusal).toMatchObject({ code: 'unprocessableEntity', message: 'Попробуйте снова позже' })
    // It says when a new code can be sent (decision 026).
    expect((refusal as { retryAfter: number }).retryAfter).toBeGreaterThan(0)
    // Another client address still has its own limit.
    expect(
      (
        await post(
          set.replicas[1]!,
          '/aurora-id/v1/auth/otp',
          { phone: '79000001099' },
          { 'x-forwarded-for': '198.51.100.11' },
        )
      ).status,
    ).toBe(200)
    expect(await fallbacks('otp_limit')).toBe(0)
    figures.otpStatusesOverBothReplicas = statuses
    figures.otpSendsAccepted = statuses.filter((s) => s === 200).length
    figures.otpLimitHeld = statuses.at(-1) === 422
  })

  it('refreshes one expired session once at the gateway for 20 concurrent requests spread over both replicas', async () => {
    const jar = await signIn(set.replicas[0]!, '198.51.100.20')
    // A slow refresh keeps every request of the burst inside the race.
    await addFault(set.mockUrl, { path: '/aurora-id/v1/auth/token/refresh', delayMs: 300 })
    await expireAccessTokens()
    const before = set.gatewayCalls('/v1/auth/token/refresh')
    const { statuses, accessTokens, renewedOn, pages, authorizedPages } = await burst(jar)
    const refreshes = set.gatewayCalls('/v1/auth/token/refresh') - before
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200))
    expect(refreshes).toBe(1)
    // Both replicas handed the browser the one new pair (the loser read it from Redis), and the pages rendered signed in.
    expect(accessTokens.size).toBe(1)
    expect([...renewedOn].sort()).toEqual([0, 1])
    expect(authorizedPages).toBe(pages)
    expect(await fallbacks('refresh')).toBe(0)
    figures.refreshCallsAtGatewayWithRedis = refreshes
    figures.replicasHandingOutTheNewPair = renewedOn.size
    figures.burstStatusesWithRedis = statuses
  })

  it('refreshes exactly once per burst in 50 bursts of 20 calls over both replicas, and never answers 401', async () => {
    const jar = await signIn(set.replicas[1]!, '198.51.100.21')
    // A short delay keeps the burst's requests racing without making 50 bursts slow.
    expect((await fetch(`${set.mockUrl}/__mock/faults`, { method: 'DELETE' })).ok).toBe(true)
    await addFault(set.mockUrl, { path: '/aurora-id/v1/auth/token/refresh', delayMs: 20 })
    const perBurst: number[] = []
    const unauthorized: number[] = []
    for (let round = 0; round < 50; round++) {
      await expireAccessTokens()
      const before = set.gatewayCalls('/v1/auth/token/refresh')
      const cookie = jar.header()
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const replica = set.replicas[i % 2]!
          const path = SESSION_PATHS[Math.floor(i / 2) % (SESSION_PATHS.length - 1)]!
          return fetch(replica.url + path, { headers: { cookie, 'user-agent': BROWSER_UA } })
        }),
      )
      await Promise.all(responses.map((r) => r.arrayBuffer()))
      perBurst.push(set.gatewayCalls('/v1/auth/token/refresh') - before)
      unauthorized.push(responses.filter((r) => r.status === 401).length)
      // The browser keeps the new pair from any answer that carries it.
      const renewed = responses.find((r) =>
        r.headers.getSetCookie().some((c) => c.startsWith('refresh_token=') && !/Max-Age=0/i.test(c)),
      )
      expect(renewed, `round ${round}`).toBeDefined()
      jar.take(renewed!)
    }
    expect(perBurst).toEqual(Array.from({ length: 50 }, () => 1))
    expect(unauthorized).toEqual(Array.from({ length: 50 }, () => 0))
    expect(await fallbacks('refresh')).toBe(0)
    figures.refreshesPerBurstIn50Bursts = perBurst
  }, 120_000)

  it('degrades when Redis is killed: sends refused with the 422 wording, refresh in process, fallbacks counted, nothing 5xx', async () => {
    const jar = await signIn(set.replicas[1]!, '198.51.100.30')
    const stickyJar = await signIn(set.replicas[0]!, '198.51.100.31')
    await expireAccessTokens()
    await redis.kill()
    await waitFor(async () => set.replicas.every((replica) => replica.app.redis?.status !== 'ready'), 10_000)

    const sends = await Promise.all(
      set.replicas.map((replica, i) =>
        post(replica, '/aurora-id/v1/auth/otp', { phone: `7900000200${i}` }, { 'x-forwarded-for': '198.51.100.40' }),
      ),
    )
    expect(sends.map((r) => r.status)).toEqual([422, 422])
    for (const send of sends)
      // Failing closed, with a minute to wait (decision 026).
      expect(await send.json()).toEqual({
        code: 'unprocessableEntity',
        message: 'Попробуйте снова позже',
        retryAfter: 60,
      })

    const before = set.gatewayCalls('/v1/auth/token/refresh')
    const { statuses } = await burst(jar)
    const refreshes = set.gatewayCalls('/v1/auth/token/refresh') - before
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    // Each replica coordinates its own requests: at most one refresh per replica.
    expect(refreshes).toBeGreaterThanOrEqual(1)
    expect(refreshes).toBeLessThanOrEqual(2)
    expect(await fallbacks('otp_limit')).toBe(2)
    expect(await fallbacks('refresh')).toBeGreaterThanOrEqual(1)
    for (const replica of set.replicas) expect((await fetch(`${replica.url}/readyz`)).status).toBe(200)

    // Behind the sticky balancer (deploy/: a hash of the session cookie), one shopper's burst stays on
    // one replica, whose in-process coordinator alone makes it one refresh: nobody is signed out.
    const stickyBefore = set.gatewayCalls('/v1/auth/token/refresh')
    const sticky = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(set.replicas[0]!.url + SESSION_PATHS[i % (SESSION_PATHS.length - 1)]!, {
          headers: { cookie: stickyJar.header(), 'user-agent': BROWSER_UA },
        }),
      ),
    )
    expect(sticky.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200))
    expect(set.gatewayCalls('/v1/auth/token/refresh') - stickyBefore).toBe(1)

    figures.otpSendsWithRedisDown = sends.map((r) => r.status)
    figures.refreshCallsAtGatewayWithRedisDown = refreshes
    figures.burstStatusesWithRedisDown = statuses
    figures.redisFallbacksTotal = { otp_limit: await fallbacks('otp_limit'), refresh: await fallbacks('refresh') }
  })
})
