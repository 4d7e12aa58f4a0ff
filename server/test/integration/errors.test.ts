import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { addFault, BOT_UA, BROWSER_UA } from '#server/test/http.ts'

const QUIET_MOCK = { config: { logLevel: 'silent' } }
let stack: TestApp | undefined

afterEach(async () => {
  await stack?.close()
  stack = undefined
})

const start = async (env: Record<string, string> = {}) => {
  stack = await startTestApp({ env, mock: QUIET_MOCK })
  return stack
}

const get = (s: TestApp, path: string, userAgent = BROWSER_UA, headers: Record<string, string> = {}) =>
  s.request(path, { headers: { 'user-agent': userAgent, ...headers } })

/** Text of the page without the data block (the checks are about what people see). */
const visible = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/g, '')

const expectNoInternals = (body: string) => {
  expect(body).not.toMatch(/\bat .+\.(ts|js|tsx):\d+/)
  expect(body).not.toMatch(/ECONNREFUSED|fetch failed|TypeError|stack/i)
  expect(body).not.toContain('Сбой, включённый переключателем')
  expect(body).not.toContain('mockFault')
}

describe('the not-found page', () => {
  it('answers an unknown path with 404 and the not-found view', async () => {
    const s = await start()
    const response = await get(s, '/no-such-page')
    expect(response.status).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const html = visible(response.body)
    expect(html).toMatch(/<h1[^>]*>Здесь ничего не нашлось<\/h1>/)
    expect(html).toContain('Зато всегда есть выгодные предложения в разделе акций')
    expect(html).toMatch(/<a [^>]*href="\/promo-catalog"[^>]*>[\s\S]*?Перейти в акции/)
    expect(html).not.toContain('Сайт временно не работает')
  })

  it('carries the rule-5 message Page not found: {path} in the page, and nothing of the gateway', async () => {
    const s = await start()
    const unknown = await get(s, '/no-such-page')
    expect(unknown.body).toContain('Page not found: /no-such-page')
    const missingGoods = await get(s, '/product/99999999-nothing')
    expect(missingGoods.status).toBe(404)
    expect(missingGoods.body).toContain('Page not found: /product/99999999-nothing')
    expect(missingGoods.body).not.toContain('gateway answered')
  })

  it.each(['/product/0-x', '/product/abc', '/catalog/1e3', '/profileincomplete'])(
    'answers the invalid route %s with 404 and the not-found view',
    async (path) => {
      const s = await start()
      const response = await get(s, path)
      expect(response.status).toBe(404)
      expect(visible(response.body)).toContain('Здесь ничего не нашлось')
    },
  )

  it('gives a bot the 404 status and a minimal body without the error view', async () => {
    const s = await start()
    const response = await get(s, '/no-such-page', BOT_UA)
    expect(response.status).toBe(404)
    expect(response.body).not.toContain('Здесь ничего не нашлось')
    expect(response.body).not.toContain('Перейти в акции')
    expect(response.body).not.toContain('<script')
    expect(response.body.length).toBeLessThan(1000)
  })

  it('never makes the 404 page publicly cacheable', async () => {
    const s = await start()
    expect((await get(s, '/no-such-page')).headers['cache-control']).toBe('private, no-store')
  })

  it('answers another method on an unknown path with a JSON 404', async () => {
    const s = await start()
    const response = await s.request('/no-such-page', { method: 'DELETE', headers: { origin: s.url } })
    expect(response.status).toBe(404)
    expect(JSON.parse(response.body)).toMatchObject({ code: 'notFound' })
  })
})

describe('the outage page', () => {
  it('answers 5xx with the outage view when the gateway is down', async () => {
    const s = await start()
    await s.stopGateway()
    const response = await get(s, '/cookie-policy')
    expect(response.status).toBeGreaterThanOrEqual(500)
    expect(response.status).toBeLessThan(600)
    const html = visible(response.body)
    expect(html).toMatch(/<h1[^>]*>Сайт временно не работает<\/h1>/)
    expect(html).toContain('Мы уже чиним эту проблему — пожалуйста, попробуйте снова через 15 минут')
    expect(html).toMatch(/<button[^>]*>[\s\S]*?Обновить/)
    expect(html).not.toContain('Здесь ничего не нашлось')
    expectNoInternals(response.body)
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('answers 503 with the outage view when the cookies endpoint answers 503', async () => {
    const s = await start()
    await addFault(s.mockUrl, { path: '/webgate/v2/web-common-content/cookies', status: 503 })
    const response = await get(s, '/cookie-policy')
    expect(response.status).toBe(503)
    expect(visible(response.body)).toContain('Сайт временно не работает')
    expect(visible(response.body)).toContain('Обновить')
    expectNoInternals(response.body)
  })

  it('asks to retry later (Retry-After) on every outage page, a search included', async () => {
    const s = await start()
    await addFault(s.mockUrl, { path: '/webgate/*', status: 503 })
    for (const path of ['/search?q=zzqq123', '/cookie-policy', '/catalog'])
      for (const agent of [BROWSER_UA, BOT_UA, 'curl/8.5.0']) {
        const response = await get(s, path, agent)
        expect(response.status, path).toBeGreaterThanOrEqual(500)
        expect(response.headers['retry-after'], `${path} ${agent}`).toBe('900')
      }
  })

  it('answers 502 without the upstream message when the gateway answers broken JSON', async () => {
    const s = await start()
    await addFault(s.mockUrl, { path: '/webgate/v2/web-common-content/cookies', mode: 'invalid-json' })
    const response = await get(s, '/cookie-policy')
    expect(response.status).toBe(502)
    expect(visible(response.body)).toContain('Сайт временно не работает')
    expect(response.body).not.toContain('обрыв')
    expectNoInternals(response.body)
  })

  it('gives a bot the outage status and a minimal body without the error view', async () => {
    const s = await start()
    await addFault(s.mockUrl, { path: '/webgate/v2/web-common-content/cookies', status: 503 })
    const response = await get(s, '/cookie-policy', BOT_UA)
    expect(response.status).toBe(503)
    expect(response.body).not.toContain('Сайт временно не работает')
    expect(response.body).not.toContain('Обновить')
    expect(response.body).not.toContain('<script')
    expectNoInternals(response.body)
  })

  it('shows the not-found view when the gateway answers 422 for a category', async () => {
    const s = await start()
    const response = await get(s, '/catalog/999')
    expect([404, 422]).toContain(response.status)
    expect(visible(response.body)).toContain('Здесь ничего не нашлось')
  })
})

describe('redirects', () => {
  it('sends /profile/orders?x=1 to the main site with 301, keeping the query', async () => {
    const s = await start()
    const response = await get(s, '/profile/orders?x=1')
    expect(response.status).toBe(301)
    expect(response.headers.location).toBe('https://aurora.example/profile/orders?x=1')
  })

  it.each([
    ['/profileabc', 'https://aurora.example/profileabc'],
    ['/profiles/7?tab=2', 'https://aurora.example/profiles/7?tab=2'],
  ])('sends %s to the main site too: the rule takes any path starting with /profile', async (path, location) => {
    const s = await start()
    const response = await get(s, path)
    expect(response.status).toBe(301)
    expect(response.headers.location).toBe(location)
  })

  it('builds the profile redirect from MAIN_SITE_URL, never from the Host header', async () => {
    const s = await start({ MAIN_SITE_URL: 'https://main.example' })
    const response = await get(s, '/profile/orders?x=1', BROWSER_UA, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    })
    expect(response.status).toBe(301)
    expect(response.headers.location).toBe('https://main.example/profile/orders?x=1')
  })

  it('answers //evil.example/profile with 404 and no redirect at all: a //host path is no route', async () => {
    const s = await start()
    const response = await get(s, '//evil.example/profile', BROWSER_UA, { host: 'evil.example' })
    expect(response.status).toBe(404)
    expect(response.headers.location).toBeUndefined()
  })

  it.each(['/profile//evil.example', '/profile/%2F%2Fevil.example'])(
    'keeps the redirect for %s on the main site',
    async (path) => {
      const s = await start()
      const response = await get(s, path, BROWSER_UA, { host: 'evil.example' })
      expect(response.status).toBe(301)
      expect(new URL(String(response.headers.location)).origin).toBe('https://aurora.example')
    },
  )

  it('sends /registration with an access_token cookie to the profile on the main site', async () => {
    const s = await start()
    const response = await get(s, '/registration', BROWSER_UA, { cookie: 'access_token=header.payload.signature' })
    expect([301, 302]).toContain(response.status)
    expect(response.headers.location).toBe('https://aurora.example/profile')
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('renders /registration with only a customer_code cookie', async () => {
    const s = await start()
    const response = await get(s, '/registration', BROWSER_UA, { cookie: 'customer_code=abc' })
    expect(response.status).toBe(200)
  })

  it('sends a signed-in visitor with an incomplete profile to /profile/incomplete', async () => {
    const s = await start()
    const response = await get(s, '/catalog', BROWSER_UA, {
      cookie: 'access_token=header.payload.signature; incomplete_profile=1',
    })
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/profile/incomplete')
  })

  it('sends an anonymous visitor from /profile/incomplete to the main page', async () => {
    const s = await start()
    const response = await get(s, '/profile/incomplete')
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/')
  })
})
