/**
 * Proxied answers are inert (DESIGN.md section 3, decision 026), checked in real Chromium against a
 * hostile gateway: an answer typed `application/json, text/html`, an SVG with script under
 * `/webgate/media/…` (where review photos come from) and `image/png, text/html` must not run script on
 * our origin, and a redirect to another host is not passed on.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'

const SCRIPT_HTML = '<!doctype html><p>hostile</p><script>window.__xss = 1</script>'
const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__xss = 1</script><rect width="10" height="10"/></svg>'

/** What the hostile gateway answers, per path under /webgate. */
const HOSTILE: Record<string, { status?: number; headers: Record<string, string>; body: string }> = {
  '/webgate/v2/goods/8': { headers: { 'content-type': 'application/json, text/html' }, body: SCRIPT_HTML },
  '/webgate/v2/goods/9': {
    headers: { 'content-type': 'text/html;charset=utf-8, application/json' },
    body: SCRIPT_HTML,
  },
  '/webgate/media/reviews/evil.svg': { headers: { 'content-type': 'image/svg+xml' }, body: SCRIPT_SVG },
  '/webgate/media/goods/evil.png': { headers: { 'content-type': 'image/png, text/html' }, body: SCRIPT_HTML },
  '/webgate/media/goods/plain.png': {
    headers: { 'content-type': 'image/png' },
    body: Buffer.from('89504e470d0a1a0a', 'hex').toString('latin1'),
  },
  '/webgate/v2/goods/10': { status: 302, headers: { location: '//evil.example/phish' }, body: '' },
}

let upstream: Server
let stack: TestApp
let origin: string
let browser: Browser

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const answer = HOSTILE[(request.url ?? '').split('?')[0]!]
    if (!answer) return response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"notFound"}')
    response.writeHead(answer.status ?? 200, answer.headers).end(Buffer.from(answer.body, 'latin1'))
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const gateway = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  stack = await startTestApp({
    env: { WEB_GATEWAY_URL: `${gateway}/webgate` },
    mock: { config: { logLevel: 'silent' } },
  })
  origin = await stack.listen()
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await stack?.close()
  await new Promise<void>((resolve) => upstream?.close(() => resolve()))
})

/** Opens a proxied URL as a top-level document in Chromium; answers the status and whether its script ran. */
async function open(path: string): Promise<{ status: number | undefined; ran: boolean; csp: string | undefined }> {
  const page = await browser.newPage()
  try {
    const response = await page.goto(origin + path, { waitUntil: 'load' })
    await page.waitForTimeout(100)
    const ran = await page.evaluate(() => (window as { __xss?: number }).__xss === 1).catch(() => false)
    return { status: response?.status(), ran, csp: (await response?.allHeaders())?.['content-security-policy'] }
  } finally {
    await page.close()
  }
}

describe('proxied answers in Chromium', () => {
  it.each([
    ['a JSON endpoint typed "application/json, text/html"', '/webgate/v2/goods/8'],
    ['a JSON endpoint typed "text/html, application/json"', '/webgate/v2/goods/9'],
    ['a media file typed "image/png, text/html"', '/webgate/media/goods/evil.png'],
  ])('turns %s into our 502, which runs nothing', async (_what, path) => {
    const result = await open(path)
    expect(result.ran).toBe(false)
    expect(result.status).toBe(502)
  })

  it('serves an SVG with script under the sandbox CSP, so its script never runs', async () => {
    const result = await open('/webgate/media/reviews/evil.svg')
    expect(result.status).toBe(200)
    expect(result.csp).toBe("default-src 'none'; sandbox")
    expect(result.ran).toBe(false)
  })
})

describe('proxied answers on the wire', () => {
  it('marks every proxied answer nosniff and sandboxed, a raster image included', async () => {
    for (const path of ['/webgate/media/goods/plain.png', '/webgate/v2/goods/8', '/webgate/v2/goods/404']) {
      const response = await stack.request(path)
      expect(response.headers['x-content-type-options'], path).toBe('nosniff')
      expect(response.headers['content-security-policy'], path).toBe("default-src 'none'; sandbox")
    }
    expect((await stack.request('/webgate/media/goods/plain.png')).headers['content-type']).toBe('image/png')
  })

  it('never passes on a redirect to another host', async () => {
    const response = await stack.request('/webgate/v2/goods/10')
    expect(response.status).toBe(502)
    expect(response.headers.location).toBeUndefined()
  })
})
