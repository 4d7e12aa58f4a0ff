import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { startRecordingUpstream } from '#server/test/http.ts'

type Upstream = Awaited<ReturnType<typeof startRecordingUpstream>>
let stack: TestApp | undefined
let upstream: Upstream | undefined

afterEach(async () => {
  await stack?.close()
  await upstream?.close()
  stack = undefined
  upstream = undefined
})

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/** A storefront whose both gateways are one recording upstream. */
async function start(env: Record<string, string> = {}) {
  upstream = await startRecordingUpstream()
  stack = await startTestApp({
    env: { WEB_GATEWAY_URL: `${upstream.url}/webgate`, ID_GATEWAY_URL: `${upstream.url}/aurora-id`, ...env },
    mock: { config: { logLevel: 'silent' } },
  })
  return { s: stack, up: upstream }
}

describe('the platform version header', () => {
  it("carries the platform's version (package.json's by default), never the build id, on proxied and page calls", async () => {
    const { s, up } = await start()
    await s.request('/webgate/v2/web-common-content/cookies')
    await s.request('/cookie-policy')
    expect(up.requests.length).toBeGreaterThan(1)
    for (const seen of up.requests) {
      expect(seen.headers['x-platform-version'], seen.url).toBe(PACKAGE_VERSION)
      expect(seen.headers['x-app-version'], seen.url).toBe(s.app.buildId)
    }
    expect(s.app.buildId).not.toBe(PACKAGE_VERSION)
  })

  it('takes PLATFORM_VERSION when it is set, and gives the browser the same value', async () => {
    const { s, up } = await start({ PLATFORM_VERSION: '2.7.1' })
    await s.request('/webgate/v2/web-common-content/cookies')
    expect(up.requests[0]!.headers['x-platform-version']).toBe('2.7.1')
    expect(s.config.publicConfig.platformVersion).toBe('2.7.1')
  })
})

describe('the device id header', () => {
  it.each(['', 'not-hex', 'abcdef0123456789', '%20ABCDEF0123456789'])(
    'sends the omit-empty marker on page calls while the device_id cookie is %j',
    async (value) => {
      const { s, up } = await start()
      await s.request('/cookie-policy', { headers: { cookie: `device_id=${value}` } })
      expect(up.requests.length).toBeGreaterThan(0)
      for (const seen of up.requests) expect(seen.headers['x-device-id'], seen.url).toBe('omit-empty')
    },
  )

  it("sends the device id on the browser's own calls once it has computed it", async () => {
    const { s, up } = await start()
    await s.request('/webgate/v2/web-common-content/cookies', { headers: { cookie: 'device_id=ABCDEF0123456789' } })
    expect(up.requests).toHaveLength(1)
    expect(up.requests[0]!.headers['x-device-id']).toBe('ABCDEF0123456789')
  })

  it("never sends one visitor's device id on a page's shared calls, which belong to no visitor (decision 025)", async () => {
    const { s, up } = await start()
    await s.request('/cookie-policy', { headers: { cookie: 'device_id=ABCDEF0123456789' } })
    expect(up.requests.length).toBeGreaterThan(0)
    for (const seen of up.requests) expect(seen.headers['x-device-id'], seen.url).toBe('omit-empty')
  })
})
