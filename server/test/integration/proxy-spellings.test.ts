/**
 * No spelling of a call the server answers itself, and none of the mock's control plane, reaches a
 * gateway through the proxy (DESIGN.md section 4). Sent through a real socket, since `inject`
 * normalises targets. Bodies and cookies are such that the server's own routes answer without a
 * gateway call too (invalid body, no login code, no session): so the upstream must see nothing at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { rawRequest, startRecordingUpstream } from '#server/test/http.ts'

let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>
let stack: TestApp
let origin: string

beforeAll(async () => {
  upstream = await startRecordingUpstream()
  stack = await startTestApp({
    env: { WEB_GATEWAY_URL: `${upstream.url}/webgate`, ID_GATEWAY_URL: `${upstream.url}/aurora-id` },
    mock: { config: { logLevel: 'silent' } },
  })
  origin = await stack.listen()
})

afterAll(async () => {
  await stack?.close()
  await upstream?.close()
})

const encodeOne = (segment: string, at: number, upper: boolean) => {
  const hex = segment.charCodeAt(at).toString(16)
  return `${segment.slice(0, at)}%${upper ? hex.toUpperCase() : hex}${segment.slice(at + 1)}`
}

/** At least 30 other spellings of `path` (a path with its gateway prefix): case, slashes, encoding. */
export function spellingsOf(path: string): string[] {
  const segments = path.split('/').filter(Boolean)
  const join = (parts: string[]) => `/${parts.join('/')}`
  const out = new Set<string>([
    `${path}/`,
    `${path}//`,
    `${path}/?a=1`,
    `/${path}`.replace('//', '/') + '/',
    path.toUpperCase(),
    path.toUpperCase() + '/',
    path.replaceAll('/', '//'),
    `/${segments[0]!.toUpperCase()}/${segments.slice(1).join('/')}`,
    `${path}%2F`,
    `${path}%2f`,
    `${path}/.`,
    `${path}/./`,
    `${path}%20`,
    `${path};`,
    `${path}/%2e`,
  ])
  segments.forEach((segment, index) => {
    const swap = (value: string) => join(segments.map((s, i) => (i === index ? value : s)))
    if (index > 0) {
      out.add(swap(segment.toUpperCase()))
      out.add(swap(segment[0]!.toUpperCase() + segment.slice(1)))
      out.add(swap(encodeOne(segment, 0, true)))
      out.add(swap(encodeOne(segment, segment.length - 1, false)))
      out.add(join(segments.map((s, i) => (i === index ? `${s}/` : s))))
      out.add(swap([...segment].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')))
      out.add(swap([...segment].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')))
      for (let at = 0; at < segment.length; at++) out.add(swap(encodeOne(segment, at, at % 2 === 0)))
      out.add(`${swap(segment.toUpperCase())}/`)
      out.add(join(segments.map((s, i) => (i === index ? `/${s}` : s))))
    }
  })
  out.delete(path)
  return [...out]
}

const OWNED = ENDPOINTS.filter((def) => def.bff).map((def) => ({
  method: def.method,
  path: `/${def.gateway === 'web' ? 'webgate' : 'aurora-id'}${def.path.replaceAll('{product}', 'aurora')}`,
}))

const MOCK_CONTROL = ['/webgate/__mock/faults', '/aurora-id/__mock/sessions/revoke', '/webgate/v1/__mock/faults']

describe('the proxy under other spellings', () => {
  it.each(OWNED)('never forwards $method $path in 30 or more spellings', async ({ method, path }) => {
    const spellings = spellingsOf(path)
    expect(spellings.length).toBeGreaterThanOrEqual(30)
    for (const spelling of spellings) {
      const response = await rawRequest(origin, spelling, {
        method,
        headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' },
        body: '{}',
      })
      expect(response.status, spelling).toBeGreaterThanOrEqual(400)
      expect(response.status, spelling).toBeLessThan(500)
      expect(response.body, spelling).not.toMatch(/accessToken|refreshToken|IDCode/)
    }
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([])
  })

  it.each(MOCK_CONTROL)('never forwards the mock control path %s in any spelling or method', async (path) => {
    const spellings = [path, ...spellingsOf(path)]
    expect(spellings.length).toBeGreaterThanOrEqual(30)
    for (const spelling of spellings)
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await rawRequest(origin, spelling, {
          method,
          headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), origin },
          body: method === 'POST' ? '{"path":"/webgate/*","status":503}' : undefined,
        })
        expect(response.status, `${method} ${spelling}`).toBe(404)
      }
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([])
  })
})
