import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { rawRequest, rawSocketStatus } from '#server/test/http.ts'

// One stack for the whole file: the point is that it keeps answering after every bad input.
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ mock: { config: { logLevel: 'silent' } } })
})

afterAll(async () => {
  await stack.close()
})

const expectAlive = async () => {
  expect((await rawRequest(stack.url, '/healthz')).status).toBe(200)
}

describe('bad inputs', () => {
  it.each([
    ['access_token=%E0%A4%A; =; ;;'],
    ['=; ;;; =x'],
    ['access_token=; refresh_token=%'],
    ['session_id=%ZZ; device_id=<script>'],
    [`junk=${'x'.repeat(4000)}`],
  ])('answers a page request with malformed cookies (case %#) without a 5xx', async (cookie) => {
    const response = await rawRequest(stack.url, '/', { headers: { cookie } })
    expect(response.status).toBeLessThan(500)
    await expectAlive()
  })

  it('answers a proxied call with malformed cookies without a 5xx', async () => {
    const response = await rawRequest(stack.url, '/webgate/v2/web-common-content/cookies', {
      headers: { cookie: 'access_token=%E0%A4%A; =; ;;' },
    })
    expect(response.status).toBeLessThan(500)
    await expectAlive()
  })

  it.each([
    '/catalog/%E0%A4%A',
    '/%',
    '/%E0%A4%A',
    '/product/%',
    '/profile/%E0%A4%A',
    '/webgate/%E0%A4%A',
    '/webgate/v2/%',
    '/aurora-id/%E0%A4%A',
  ])('answers the invalid percent-encoding %s with a 4xx', async (path) => {
    const response = await rawRequest(stack.url, path)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    await expectAlive()
  })

  it.each(['/search?q=%E0%A4%A', '/?%', '/catalog?page=%ZZ'])(
    'answers the malformed query %s without a 5xx',
    async (path) => {
      expect((await rawRequest(stack.url, path)).status).toBeLessThan(500)
      await expectAlive()
    },
  )

  it('answers a 10 KB path with a 4xx', async () => {
    const response = await rawRequest(stack.url, `/${'a'.repeat(10 * 1024)}`)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    await expectAlive()
  })

  it.each([
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/%252e%252e/%252e%252e/package.json',
    '/../package.json',
    '/assets/../manifest.json',
    '/manifest.json',
  ])('does not serve files outside the assets for %s', async (path) => {
    const response = await rawRequest(stack.url, path)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.body).not.toContain('"devDependencies"')
    expect(response.body).not.toContain('"entry"')
    await expectAlive()
  })

  it('answers an oversized header (20 KB) with 431', async () => {
    const status = await rawSocketStatus(
      stack.url,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\nConnection: close\r\n\r\n`,
    )
    expect(status).toBe(431)
    await expectAlive()
  })

  it('answers a 2 MB JSON POST through the proxy with 413', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) })
    const response = await rawRequest(stack.url, '/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { origin: stack.url, 'content-type': 'application/json' },
      body,
    })
    expect(response.status).toBe(413)
    await expectAlive()
  })

  it('answers a 2 MB binary POST through the proxy with 413', async () => {
    const response = await rawRequest(stack.url, '/webgate/v2/object/feedback', {
      method: 'POST',
      headers: { origin: stack.url, 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(2 * 1024 * 1024, 1),
    })
    expect(response.status).toBe(413)
    await expectAlive()
  })

  it('answers a 2 MB chunked POST through the proxy with 413', async () => {
    const response = await rawRequest(stack.url, '/webgate/api/v1/goods/add', {
      method: 'POST',
      headers: { origin: stack.url, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(response.status).toBe(413)
    await expectAlive()
  })

  it.each(['/webgate/api/v1/goods/add', '/aurora-id/v1/auth/otp', '/analytics/collect'])(
    'answers an invalid JSON POST to %s with 400',
    async (path) => {
      const response = await rawRequest(stack.url, path, {
        method: 'POST',
        headers: { origin: stack.url, 'content-type': 'application/json' },
        body: '{"goodsId": 1,',
      })
      expect(response.status).toBe(400)
      expect(response.body).not.toMatch(/SyntaxError|Unexpected|at JSON/)
      await expectAlive()
    },
  )

  it('answers a request line the HTTP parser refuses with 400', async () => {
    expect(await rawSocketStatus(stack.url, 'GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n')).toBe(400)
    await expectAlive()
  })
})
