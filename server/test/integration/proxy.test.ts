import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { freePort, rawRequest, startRecordingUpstream, type RecordedRequest } from '#server/test/http.ts'

type Upstream = Awaited<ReturnType<typeof startRecordingUpstream>>
let stack: TestApp | undefined
let upstream: Upstream | undefined

afterEach(async () => {
  await stack?.close()
  await upstream?.close()
  stack = undefined
  upstream = undefined
})

/** A storefront whose both gateways are one recording upstream. */
async function start(answer?: Parameters<typeof startRecordingUpstream>[0]) {
  upstream = await startRecordingUpstream(answer)
  stack = await startTestApp({
    env: { WEB_GATEWAY_URL: `${upstream.url}/webgate`, ID_GATEWAY_URL: `${upstream.url}/aurora-id` },
    mock: { config: { logLevel: 'silent' } },
  })
  return { s: stack, up: upstream }
}

const BROWSER_CREDENTIALS = {
  authorization: 'Bearer from-the-browser',
  forwarded: 'for=203.0.113.7;host=evil.example',
  'x-forwarded-for': '203.0.113.7',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
}

const only = (up: Upstream, pathPart: string): RecordedRequest => {
  const matching = up.requests.filter((r) => r.url.includes(pathPart))
  expect(matching).toHaveLength(1)
  return matching[0]!
}

describe('the gateway proxy: request headers', () => {
  it("drops the browser's Authorization, Cookie, Forwarded and X-Forwarded-* headers", async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/v2/web-common-content/cookies?x=1', {
      headers: { ...BROWSER_CREDENTIALS, cookie: 'access_token=secret-token; session_id=S-1; other=1' },
    })
    expect(response.status).toBe(200)
    const seen = only(up, '/webgate/v2/web-common-content/cookies')
    expect(seen.url).toBe('/webgate/v2/web-common-content/cookies?x=1')
    for (const name of ['authorization', 'cookie', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto']) {
      expect(seen.headers, name).not.toHaveProperty(name)
    }
    // The shopper's address is the socket's (no trusted proxy configured), never the browser's claim.
    expect(seen.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
    expect(JSON.stringify(seen.headers)).not.toContain('secret-token')
  })

  it('passes the client address resolved through the trusted proxy chain (TRUST_PROXY) for the city guess', async () => {
    upstream = await startRecordingUpstream()
    stack = await startTestApp({
      env: {
        WEB_GATEWAY_URL: `${upstream.url}/webgate`,
        ID_GATEWAY_URL: `${upstream.url}/aurora-id`,
        TRUST_PROXY: '127.0.0.1',
      },
      mock: { config: { logLevel: 'silent' } },
    })
    await stack.request('/webgate/geo', { headers: { 'x-forwarded-for': '10.2.0.7' } })
    expect(only(upstream, '/webgate/geo').headers['x-forwarded-for']).toBe('10.2.0.7')
  })

  it('adds our gateway headers for the web gateway', async () => {
    const { s, up } = await start()
    await s.request('/webgate/v2/web-common-content/cookies', {
      headers: { cookie: 'session_id=S-1; device_id=ABCDEF0123456789' },
    })
    const seen = only(up, '/webgate/')
    expect(seen.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
    expect(seen.headers['x-session-id']).toBe('S-1')
    expect(seen.headers['x-device-id']).toBe('ABCDEF0123456789')
    expect(seen.headers['x-platform']).toBe('Web')
    expect(seen.headers['x-client-name']).toBe('aurora-web')
    expect(seen.headers['x-app-version']).toBe(s.app.buildId)
  })

  it('sends the omit-empty marker without a device id, and a new session id from the first request', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/v2/web-common-content/cookies', {
      headers: { cookie: 'device_id=not-hex' },
    })
    const seen = only(up, '/webgate/')
    expect(seen.headers['x-device-id']).toBe('omit-empty')
    const sessionId = seen.headers['x-session-id']
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/)
    // The proxied answer is private, so the visitor keeps that id for its next calls.
    expect(String(response.headers['set-cookie'])).toContain(`session_id=${sessionId}`)
  })

  it('hands out no session cookie with a page a shared cache keeps, and none to a crawler', async () => {
    const { s } = await start()
    const page = await s.request('/cookie-policy')
    if (/public|s-maxage/.test(String(page.headers['cache-control'])))
      expect(String(page.headers['set-cookie'] ?? '')).not.toContain('session_id=')
    const bot = await s.request('/webgate/v2/web-common-content/cookies', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    })
    expect(String(bot.headers['set-cookie'] ?? '')).not.toContain('session_id=')
  })

  it('never sends the client name to the id gateway', async () => {
    const { s, up } = await start()
    await s.request('/aurora-id/v1/profile', { headers: { cookie: 'access_token=tok-1' } })
    const seen = only(up, '/aurora-id/v1/profile')
    expect(seen.headers).not.toHaveProperty('x-client-name')
    expect(seen.headers['x-platform']).toBe('Web')
  })

  it('attaches the bearer from the access_token cookie to a call the catalogue marks auth', async () => {
    const { s, up } = await start()
    const response = await s.request('/aurora-id/v1/profile', {
      headers: { cookie: 'access_token=tok-1', authorization: 'Bearer from-the-browser' },
    })
    expect(response.status).toBe(200)
    expect(only(up, '/aurora-id/v1/profile').headers.authorization).toBe('Bearer tok-1')
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('attaches no bearer to an auth call without the access_token cookie', async () => {
    const { s, up } = await start()
    await s.request('/webgate/v1/cart', { headers: { authorization: 'Bearer from-the-browser' } })
    expect(only(up, '/webgate/v1/cart').headers).not.toHaveProperty('authorization')
  })

  it('attaches no bearer to a call the catalogue does not mark auth', async () => {
    const { s, up } = await start()
    await s.request('/webgate/v2/web-common-content/cookies', { headers: { cookie: 'access_token=tok-1' } })
    expect(only(up, '/webgate/').headers).not.toHaveProperty('authorization')
  })

  it('answers 404 JSON to a path the catalogue does not know and forwards nothing', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/v9/unknown', { headers: { cookie: 'access_token=tok-1' } })
    expect(response.status).toBe(404)
    expect(JSON.parse(response.body)).toMatchObject({ code: expect.any(String) })
    expect(up.requests).toHaveLength(0)
  })

  it('answers 404 to a method the catalogue does not declare for a known path', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/v2/web-common-content/cookies', {
      method: 'DELETE',
      headers: { origin: s.url },
    })
    expect(response.status).toBe(404)
    expect(up.requests).toHaveLength(0)
  })

  it('forwards another spelling of an allowed call as the catalogue spells it', async () => {
    const { s, up } = await start()
    const response = await rawRequest(await s.listen(), '/webgate//V2/Web-Common-Content/cookies/?x=1')
    expect(response.status).toBe(200)
    expect(only(up, '/webgate/').url).toBe('/webgate/v2/web-common-content/cookies?x=1')
  })
})

describe('the gateway proxy: cookies that are no header value', () => {
  it.each([
    ['a line feed in session_id', 'session_id=%0a'],
    ['NUL, CR and LF in access_token', 'access_token=%00%0d%0a'],
    ['U+2028 in session_id', 'session_id=%E2%80%A8'],
    ['U+2028 in access_token', 'access_token=a%E2%80%A8b'],
  ])('forwards the call without that cookie (%s) instead of answering 502', async (_case, cookie) => {
    const { s, up } = await start()
    for (const path of ['/webgate/v2/web-common-content/cookies', '/aurora-id/v1/profile']) {
      const response = await s.request(path, { headers: { cookie } })
      expect(response.status, path).toBe(200)
      const seen = only(up, path)
      // A broken session id is replaced by a fresh one, never forwarded.
      expect(seen.headers['x-session-id'], path).toMatch(/^[0-9a-f]{32}$/)
      expect(seen.headers, path).not.toHaveProperty('authorization')
    }
  })

  it('still forwards a well-formed session id and token beside a broken cookie', async () => {
    const { s, up } = await start()
    const response = await s.request('/aurora-id/v1/profile', {
      headers: { cookie: 'junk=%0a; session_id=S-1; access_token=tok-1' },
    })
    expect(response.status).toBe(200)
    expect(only(up, '/aurora-id/v1/profile').headers).toMatchObject({
      'x-session-id': 'S-1',
      authorization: 'Bearer tok-1',
    })
  })
})

describe('the gateway proxy: answers', () => {
  it("passes back only allowed headers: never the gateway's Server, X-Powered-By, CORS or Connection-named ones", async () => {
    const { s } = await start(() => ({
      headers: {
        'content-type': 'application/json',
        server: 'gateway/1.2',
        'x-powered-by': 'ASP.NET',
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
        connection: 'x-internal, keep-alive',
        'x-internal': 'secret',
        etag: '"v1"',
      },
      body: '{}',
    }))
    const response = await s.request('/webgate/v2/web-common-content/cookies')
    expect(response.status).toBe(200)
    for (const name of [
      'server',
      'x-powered-by',
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'x-internal',
    ])
      expect(response.headers, name).not.toHaveProperty(name)
    expect(response.headers.etag).toBe('"v1"')
  })

  it.each([
    ['text/html', '<html>Bad gateway</html>'],
    ['text/plain', 'upstream says hi'],
  ])('answers our 502 JSON when a JSON endpoint answers %s', async (type, body) => {
    const { s } = await start(() => ({ status: 200, headers: { 'content-type': type }, body }))
    const response = await s.request('/webgate/v2/web-common-content/cookies')
    expect(response.status).toBe(502)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(response.body).not.toContain(body)
  })

  it("never passes the gateway's set-cookie to the browser", async () => {
    const { s } = await start(() => ({
      headers: { 'set-cookie': ['gw_session=1; Path=/', 'tracking=2'] },
      body: '{"ok":true}',
    }))
    const response = await s.request('/webgate/v2/web-common-content/cookies', {
      headers: { cookie: 'session_id=S-1' },
    })
    expect(response.status).toBe(200)
    expect(response.headers).not.toHaveProperty('set-cookie')
    expect(JSON.parse(response.body)).toEqual({ ok: true })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refreshes once on a 401 and retries with the new token, setting the new cookies', async () => {
    const { s, up } = await start((request) => {
      if (request.url.endsWith('/v1/auth/token/refresh'))
        return { body: JSON.stringify({ accessToken: 'tok-2', refreshToken: 'ref-2' }) }
      if (request.headers.authorization === 'Bearer tok-1') return { status: 401, body: '{"code":"unauthorized"}' }
      return { body: '{"firstName":"Анна"}' }
    })
    const response = await s.request('/aurora-id/v1/profile', {
      headers: { cookie: 'access_token=tok-1; refresh_token=ref-1' },
    })
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ firstName: 'Анна' })
    expect(up.requests.filter((r) => r.url.endsWith('/v1/auth/token/refresh'))).toHaveLength(1)
    expect(up.requests.filter((r) => r.url === '/aurora-id/v1/profile').map((r) => r.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ])
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
    expect(cookies.find((c) => c.startsWith('access_token=tok-2'))).toMatch(/HttpOnly/i)
    expect(cookies.find((c) => c.startsWith('refresh_token=ref-2'))).toMatch(/HttpOnly/i)
  })

  it('answers 401 and clears the session cookies when the refresh is refused', async () => {
    const { s } = await start((request) => {
      if (request.url.endsWith('/v1/auth/token/refresh')) return { status: 401, body: '{"code":"unauthorized"}' }
      return { status: 401, body: '{"code":"unauthorized"}' }
    })
    const response = await s.request('/aurora-id/v1/profile', {
      headers: { cookie: 'access_token=tok-1; refresh_token=ref-1' },
    })
    expect(response.status).toBe(401)
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
    expect(cookies.some((c) => /^access_token=;/.test(c))).toBe(true)
  })

  it('answers 502 JSON without internal messages when the gateway refuses connections', async () => {
    const port = await freePort()
    stack = await startTestApp({
      env: {
        WEB_GATEWAY_URL: `http://127.0.0.1:${port}/webgate`,
        ID_GATEWAY_URL: `http://127.0.0.1:${port}/aurora-id`,
      },
      mock: { config: { logLevel: 'silent' } },
    })
    const response = await stack.request('/webgate/v2/web-common-content/cookies')
    expect(response.status).toBe(502)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body = JSON.parse(response.body) as Record<string, unknown>
    expect(body).toMatchObject({ code: 'upstream', message: 'Что-то пошло не так' })
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|stack/i)
  })
})

describe('the gateway proxy: server errors of the gateway', () => {
  it.each([
    [501, 'text/plain', 'The mock gateway has no handler for GET /webgate/v2/web-common-content/cookies'],
    [500, 'application/json', '{"message":"NullPointerException at com.gateway.Handler.java:42"}'],
    [503, 'text/html', '<h1>upstream maintenance by nginx/1.25</h1>'],
  ])(
    'answers a gateway %i with that status and our own JSON body, never the gateway text',
    async (status, type, text) => {
      const { s } = await start(() => ({ status, headers: { 'content-type': type, etag: '"abc"' }, body: text }))
      const response = await s.request('/webgate/v2/web-common-content/cookies')
      expect(response.status).toBe(status)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.headers).not.toHaveProperty('etag')
      expect(response.headers['cache-control']).toBe('no-store')
      const body = JSON.parse(response.body) as { code: string; message: string }
      expect(body.message).toMatch(/[а-я]/)
      expect(response.body).not.toMatch(/mock gateway|NullPointer|nginx|handler/i)
    },
  )

  it('keeps the gateway body of a 4xx, which carries its error code for the page', async () => {
    const { s } = await start(() => ({ status: 422, body: '{"code":"incomplete_profile_info"}' }))
    const response = await s.request('/webgate/v2/web-common-content/cookies')
    expect(response.status).toBe(422)
    expect(JSON.parse(response.body)).toEqual({ code: 'incomplete_profile_info' })
  })

  it('answers a 5xx of the retry after a refresh with our own body too', async () => {
    let calls = 0
    const { s } = await start((request) => {
      if (request.url.includes('/v1/auth/token/refresh'))
        return { body: JSON.stringify({ accessToken: 'tok-2', refreshToken: 'ref-2' }) }
      calls++
      return calls === 1 ? { status: 401, body: '{}' } : { status: 500, body: 'java.lang.IllegalStateException: boom' }
    })
    const response = await s.request('/aurora-id/v1/profile', {
      headers: { cookie: 'access_token=tok-1; refresh_token=ref-1' },
    })
    expect(response.status).toBe(500)
    expect(response.body).not.toContain('IllegalState')
    expect(JSON.parse(response.body)).toMatchObject({ code: 'upstream' })
  })
})

describe('the gateway proxy: what it refuses', () => {
  it.each([
    '/webgate/__mock/faults',
    '/webgate/../__mock/faults',
    '/webgate/%2e%2e/__mock/faults',
    '/webgate/v1/..%2f..%2f__mock/faults',
    '/webgate/v1/..%5c__mock%5cfaults',
    '/aurora-id/__mock/faults',
  ])('does not forward %s', async (path) => {
    const { s, up } = await start()
    // The target exactly as written (`..`, encoded slashes) needs a socket: `inject` normalises the URL.
    const response = await rawRequest(await s.listen(), path)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(up.requests).toHaveLength(0)
  })

  it('does not forward a DELETE of the mock faults', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/__mock/faults', { method: 'DELETE', headers: { origin: s.url } })
    expect(response.status).toBe(404)
    expect(up.requests).toHaveLength(0)
  })

  it('refuses a cross-site POST with 403 and does not forward it', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"goodsId":1}',
    })
    expect(response.status).toBe(403)
    expect(up.requests).toHaveLength(0)
  })

  it('refuses a POST that the browser marks cross-site', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
    expect(up.requests).toHaveLength(0)
  })

  it('refuses a POST without any origin information', async () => {
    const { s } = await start()
    const response = await s.request('/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })

  it('forwards a same-origin POST with its body', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { origin: s.url, 'content-type': 'application/json', cookie: 'access_token=tok-1' },
      body: '{"goodsId":1}',
    })
    expect(response.status).toBe(200)
    const seen = only(up, '/webgate/api/v1/goods/add')
    expect(seen.method).toBe('POST')
    expect(seen.headers.authorization).toBe('Bearer tok-1')
  })

  it('forwards a POST the browser marks same-origin', async () => {
    const { s, up } = await start()
    const response = await s.request('/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(up.requests).toHaveLength(1)
  })
})
