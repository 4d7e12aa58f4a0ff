/**
 * Integration: the rendered-page cache against the real mock gateway — a second anonymous request is
 * answered from the cache (also with the cookies every visitor has, and without a gateway client), a
 * signed-in visitor never is, a response that sets a cookie is never stored, and anonymous pages do not
 * vary on cookies.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pino } from 'pino'
import { startMockGateway } from '#mock/index.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { createMetrics } from '#server/metrics.ts'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { FIXTURE_MANIFEST } from '#server/test/client-fixture.ts'
import { BROWSER_UA } from '#server/test/http.ts'
import { shopperClient } from '#server/test/storefront-client.ts'

let stack: TestStack
const PAGE = '/cookie-policy'

/** The gateway clients the store has made (each request's is made on first use). */
const clients = vi.hoisted(() => ({ made: 0 }))
vi.mock('#server/gateway.ts', async (original) => {
  const gateway = await original<typeof import('#server/gateway.ts')>()
  return {
    ...gateway,
    createServerApi: (...args: Parameters<typeof gateway.createServerApi>) => {
      clients.made++
      return gateway.createServerApi(...args)
    },
  }
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(stack.url + path, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA, ...headers } })
const pageCacheCount = async (event: string) =>
  (await stack.metrics.pageCacheEvents.get()).values.find((value) => value.labels.event === event)?.value ?? 0

beforeAll(async () => {
  stack = await startTestStack()
}, 30_000)

afterAll(async () => {
  await stack?.close()
})

describe('rendered-page cache', () => {
  it('answers the second anonymous request from the cache with the same bytes, cacheable by a CDN', async () => {
    const first = await get('/catalog')
    const firstBody = await first.text()
    expect(first.status).toBe(200)
    expect(first.headers.get('x-page-cache')).toBeNull()
    const second = await get('/catalog')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(await second.text()).toBe(firstBody)
    for (const response of [first, second]) {
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
      expect(response.headers.get('vary') ?? '').not.toMatch(/cookie/i)
    }
    expect(await pageCacheCount('hit')).toBeGreaterThanOrEqual(1)
  })

  it('answers from the cache without making a gateway client for the request', async () => {
    await (await get('/catalog?sort=new')).text()
    const made = clients.made
    const hit = await get('/catalog?sort=new')
    await hit.text()
    expect(hit.headers.get('x-page-cache')).toBe('hit')
    expect(clients.made).toBe(made)
  })

  it('shares the page among visitors whose cookies do not change the markup (device id, consent)', async () => {
    await (await get(PAGE)).text()
    const withCookies = await get(PAGE, { cookie: 'device_id=ABCDEF0123456789; user_agreement=1; session_id=s1' })
    expect(withCookies.headers.get('x-page-cache')).toBe('hit')
  })

  it('keeps crawlers and people apart (the crawler document is not streamed)', async () => {
    await (await get(PAGE)).text()
    const bot = await fetch(stack.url + PAGE, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    })
    expect(bot.headers.get('x-page-cache')).toBeNull()
  })

  it('never answers a signed-in visitor from the cache, nor stores their page', async () => {
    await (await get(PAGE)).text()
    expect((await get(PAGE)).headers.get('x-page-cache')).toBe('hit')
    const shopper = shopperClient(stack.url)
    await shopper.signIn('79000000001')
    const stores = await pageCacheCount('store')
    for (let i = 0; i < 2; i++) {
      const response = await shopper.fetch(PAGE, { headers: { 'user-agent': BROWSER_UA } })
      await response.text()
      expect(response.status).toBe(200)
      expect(response.headers.get('x-page-cache')).toBeNull()
      expect(response.headers.get('cache-control')).toBe('private, no-store')
    }
    expect(await pageCacheCount('store')).toBe(stores)
  })
})

describe('rendered-page cache and cookies', () => {
  it('never stores (or publicly caches) a response that sets a cookie', async () => {
    const mock = await startMockGateway({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }) })
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_GATEWAY_URL: `${mock.url}/webgate`,
      ID_GATEWAY_URL: `${mock.url}/aurora-id`,
      ANTIFRAUD: 'off',
      LOG_LEVEL: 'silent',
    })
    const app = await buildApp(config, {
      manifest: FIXTURE_MANIFEST,
      metrics: createMetrics({ defaultMetrics: false }),
      logger: false,
    })
    // Stands for any hook that sets a cookie on a page answer.
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-test-set-cookie']) reply.setCookie('test_cookie', '1', { path: '/' })
    })
    try {
      const setting = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { 'user-agent': BROWSER_UA, 'x-test-set-cookie': '1' },
      })
      expect(setting.statusCode).toBe(200)
      expect(setting.headers['set-cookie']).toBeDefined()
      expect(setting.headers['cache-control']).toBe('private, no-store')
      const next = await app.inject({ method: 'GET', url: PAGE, headers: { 'user-agent': BROWSER_UA } })
      expect(next.headers['x-page-cache']).toBeUndefined()
      const third = await app.inject({ method: 'GET', url: PAGE, headers: { 'user-agent': BROWSER_UA } })
      expect(third.headers['x-page-cache']).toBe('hit')
      // A cached page answered to a request that sets a cookie is private all the same.
      const cachedWithCookie = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { 'user-agent': BROWSER_UA, 'x-test-set-cookie': '1' },
      })
      expect(cachedWithCookie.headers['x-page-cache']).toBe('hit')
      expect(cachedWithCookie.headers['cache-control']).toBe('private, no-store')
    } finally {
      await app.close()
      await mock.close()
    }
  })

  it('is off with PAGE_CACHE_MAX_ENTRIES=0', async () => {
    const off = await startTestStack({ env: { PAGE_CACHE_MAX_ENTRIES: '0' } })
    try {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(off.url + PAGE, { headers: { 'user-agent': BROWSER_UA } })
        await response.text()
        expect(response.headers.get('x-page-cache')).toBeNull()
      }
    } finally {
      await off.close()
    }
  })
})

describe('rendered-page cache under concurrency', () => {
  it('renders a page once for concurrent anonymous requests and answers the others from the cache', async () => {
    const fresh = await startTestStack()
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => fetch(fresh.url + '/catalog', { headers: { 'user-agent': BROWSER_UA } })),
      )
      const bodies = await Promise.all(responses.map((response) => response.text()))
      expect(responses.every((response) => response.status === 200)).toBe(true)
      expect(responses.filter((response) => response.headers.get('x-page-cache') === null)).toHaveLength(1)
      expect(new Set(bodies).size).toBe(1)
    } finally {
      await fresh.close()
    }
  })
})
