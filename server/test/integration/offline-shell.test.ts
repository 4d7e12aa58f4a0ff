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

/** An expired JWT with a refresh token the gateway refuses: a page answer would clear the cookies. */
const EXPIRED_JWT = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"exp":1}').toString('base64url')}.sig`

describe('the offline shell (docs/decisions/029)', () => {
  it('serves the service worker at the root, asked again on every check, under a CSP of its own', async () => {
    const response = await stack.request('/sw.js')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-security-policy']).toBe("default-src 'self'; script-src 'none'")
  })

  it('serves the offline page without a cache lifetime, with the pages’ CSP', async () => {
    const response = await stack.request('/offline.html')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'")
  })

  it.each(['/sw.js', '/offline.html', FIXTURE_MANIFEST.webManifest!])(
    'answers %s without a cookie and never as private, even to a shopper whose session ends',
    async (path) => {
      const response = await stack.request(path, {
        headers: { cookie: `access_token=${EXPIRED_JWT}; refresh_token=unknown; user_id=100001` },
      })
      expect(response.status).toBe(200)
      expect(response.headers).not.toHaveProperty('set-cookie')
      expect(String(response.headers['cache-control'])).not.toMatch(/private|no-store/)
    },
  )

  it('serves the web app manifest as application/manifest+json, immutable by its hashed name', async () => {
    const response = await stack.request(FIXTURE_MANIFEST.webManifest!)
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it('links the web app manifest from every page, and lets only our own worker and manifest in', async () => {
    for (const path of ['/', '/cookie-policy', '/no-such-page']) {
      const response = await stack.request(path)
      expect(response.body, path).toContain(`<link rel="manifest" href="${FIXTURE_MANIFEST.webManifest}">`)
      const csp = String(response.headers['content-security-policy'])
      expect(csp, path).toContain("worker-src 'self'")
      expect(csp, path).toContain("manifest-src 'self'")
    }
  })
})
