import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { FIXTURE_MANIFEST } from '#server/test/client-fixture.ts'

let stack: TestApp

beforeAll(async () => {
  stack = await startTestApp({ mock: { config: { logLevel: 'silent' } } })
})

afterAll(async () => {
  await stack.close()
})

const get = (path: string, headers: Record<string, string> = {}) => stack.request(path, { headers })

/** A JWT that expired long ago (the server only reads `exp`). */
const EXPIRED_JWT = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"exp":1}').toString('base64url')}.sig`

describe('cache headers', () => {
  it('sends a CDN-fit Cache-Control for an anonymous page', async () => {
    const response = await get('/cookie-policy')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toMatch(/^public\b/)
    expect(response.headers['cache-control']).toMatch(/s-maxage=\d+/)
    expect(response.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/)
    expect(response.headers).not.toHaveProperty('set-cookie')
  })

  it('sends private, no-store for a signed-in visitor', async () => {
    const response = await get('/cookie-policy', { cookie: 'access_token=header.payload.signature' })
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('never makes a response that sets a cookie publicly cacheable', async () => {
    // An expired token whose refresh is refused: the page renders anonymously and clears the cookies.
    const response = await get('/cookie-policy', { cookie: `access_token=${EXPIRED_JWT}; refresh_token=unknown` })
    expect(response.status).toBe(200)
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
    expect(cookies.some((c) => c.startsWith('access_token=;'))).toBe(true)
    expect(response.headers['cache-control']).not.toMatch(/public|s-maxage/)
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('serves hashed assets as immutable', async () => {
    const html = (await get('/cookie-policy')).body
    // Hashed names only: a public file such as the JavaScript-off stylesheet keeps its name and a short cache.
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+-[A-Z0-9]{8}\.(?:css|js))"/g)].map((m) => m[1]!)
    expect(assets.length).toBeGreaterThan(1)
    for (const asset of assets) {
      const response = await get(asset)
      expect(response.status, asset).toBe(200)
      expect(response.headers['cache-control'], asset).toContain('immutable')
      expect(response.headers['cache-control'], asset).toMatch(/max-age=31536000/)
      expect(response.headers['x-content-type-options'], asset).toBe('nosniff')
    }
  })

  it("names a script's source map in a SourceMap header, whatever encoding it is sent in", async () => {
    const map = `${FIXTURE_MANIFEST.entry.split('/').pop()}.map`
    for (const encoding of ['identity', 'br', 'gzip']) {
      const response = await get(FIXTURE_MANIFEST.entry, { 'accept-encoding': encoding })
      expect(response.headers['sourcemap'], encoding).toBe(map)
      expect((await get(`/assets/${map}`)).status).toBe(200)
    }
    expect((await get(FIXTURE_MANIFEST.consentMark)).headers).not.toHaveProperty('sourcemap')
  })

  it('never caches the build id', async () => {
    const response = await get('/builds/latest.json')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(response.body)).toEqual({ buildId: stack.app.buildId })
  })
})

describe('security headers', () => {
  it('sends the CSP of DESIGN.md section 3 with every HTML page', async () => {
    for (const path of ['/', '/cookie-policy', '/no-such-page']) {
      const response = await get(path)
      const csp = String(response.headers['content-security-policy'])
      expect(csp, path).toMatch(/(^|;)\s*script-src 'self'(;|$)/)
      expect(csp, path).toMatch(/frame-ancestors 'none'/)
      expect(csp, path).not.toContain('unsafe-eval')
      expect(response.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(response.headers['cross-origin-opener-policy'], path).toBe('same-origin')
      expect(csp, path).toContain('report-to csp-endpoint')
      expect(csp, path).toContain('report-uri /api/csp-report')
      expect(response.headers['reporting-endpoints'], path).toBe('csp-endpoint="/api/csp-report"')
      // Images: our origin and the configured ones (here the mock gateway's), never any https: host.
      expect(csp, path).toMatch(new RegExp(`img-src 'self' data: ${stack.mockUrl.replace(/[.]/g, '\\.')};`))
    }
  })

  it('has no inline executable script in a page: the consent mark is a file of our origin, and the CSP is script-src self', async () => {
    for (const path of ['/', '/cookie-policy']) {
      const response = await get(path)
      const scripts = [...response.body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)]
      expect(
        scripts.filter(([, attributes]) => attributes === ''),
        path,
      ).toHaveLength(0)
      for (const [, attributes] of scripts) {
        expect(attributes, path).toMatch(/type="application\/(json|ld\+json)"|src="\/assets\//)
      }
      expect(response.body, path).toContain(`<script src="${FIXTURE_MANIFEST.consentMark}"></script>`)
      const scriptSrc = String(response.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src '))
      expect(scriptSrc, path).toBe("script-src 'self'")
    }
  })

  it.each([
    '/',
    '/healthz',
    '/readyz',
    '/no-such-page',
    '/profile/x',
    '/robots.txt',
    '/builds/latest.json',
    '/webgate/v2/web-common-content/cookies',
  ])('sends X-Content-Type-Options: nosniff with %s', async (path) => {
    expect((await get(path)).headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends no HSTS over plain HTTP', async () => {
    expect((await get('/')).headers).not.toHaveProperty('strict-transport-security')
  })
})

describe('compression', () => {
  /** GET with an Accept-Encoding, keeping the body as sent (inject never decodes). */
  const getEncoded = async (path: string, encoding: string) => {
    const response = await stack.request(path, { headers: { 'accept-encoding': encoding } })
    return { headers: response.headers, body: response.bytes }
  }

  it('compresses HTML with brotli when the browser accepts it', async () => {
    const response = await getEncoded('/cookie-policy', 'br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(response.body).toString('utf8')).toMatch(/^<!doctype html>[\s\S]*<\/html>$/)
  })

  it('compresses the not-found page too', async () => {
    const response = await getEncoded('/no-such-page', 'br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(response.body).toString('utf8')).toContain('Здесь ничего не нашлось')
  })

  it('compresses HTML with gzip when only gzip is accepted', async () => {
    const response = await getEncoded('/cookie-policy', 'gzip')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(response.body).toString('utf8')).toMatch(/<\/html>$/)
  })

  it('serves a precompressed asset to a browser that accepts brotli', async () => {
    const html = (await get('/cookie-policy')).body
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const response = await get(script!, { 'accept-encoding': 'br' })
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toContain('immutable')
  })
})

describe('request ids', () => {
  /** The request id our error answer names, for a request with these headers. */
  const idOf = async (headers: Record<string, string>) => {
    const response = await stack.request('/api/error-report', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url, ...headers },
      body: '{',
    })
    expect(response.status).toBe(400)
    return (JSON.parse(response.body) as { requestId: string }).requestId
  }

  it('keeps a client UUID or W3C trace id whole', async () => {
    expect(await idOf({ 'x-request-id': '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b' })).toBe(
      '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b',
    )
    expect(await idOf({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    )
  })

  it.each(['79001234567', 'req-00000001', 'x'.repeat(40)])('replaces the client id %j by a fresh UUID', async (id) => {
    expect(await idOf({ 'x-request-id': id })).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})
