/**
 * Anonymous session ids (decision 026): a visitor keeps one session id across its calls even when
 * the gateway marks catalogue answers `public`, and a publicly cacheable page never sets the cookie.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'

let upstream: Server
let stack: TestApp
/** The session id header of every call the gateway received. */
const seen: string[] = []

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push(String(request.headers['x-session-id'] ?? ''))
    response
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' })
      .end('{"code":"ok"}')
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const gateway = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  stack = await startTestApp({
    env: { WEB_GATEWAY_URL: `${gateway}/webgate` },
    mock: { config: { logLevel: 'silent' } },
  })
})

afterAll(async () => {
  await stack?.close()
  await new Promise<void>((resolve) => upstream?.close(() => resolve()))
})

describe('an anonymous visitor on public catalogue answers', () => {
  it('gets its session id with the first call and keeps it for the next ones', async () => {
    const first = await stack.request('/webgate/v2/web-common-content/cookies')
    expect(first.status).toBe(200)
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('session_id='))
    expect(cookie).toBeDefined()
    expect(first.headers['cache-control']).toBe('private, no-store')
    const id = /^session_id=([^;]+)/.exec(cookie!)![1]!
    expect(seen.at(-1)).toBe(id)

    for (let i = 0; i < 3; i++) {
      const next = await stack.request('/webgate/v2/web-common-content/cookies', {
        headers: { cookie: `session_id=${id}` },
      })
      expect(next.headers['set-cookie']).toBeUndefined()
      // The gateway's own caching stands once the visitor has its id.
      expect(next.headers['cache-control']).toBe('public, max-age=60')
    }
    expect(seen.slice(-4)).toEqual([id, id, id, id])
  })
})
