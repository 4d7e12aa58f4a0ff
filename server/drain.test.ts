import { Agent } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startMockGateway, type RunningMockGateway } from '#mock/index.ts'
import { BROWSER_UA, rawRequest, waitFor } from './test/http.ts'
import { spawnServer, type SpawnedServer } from './test/spawn.ts'

const COOKIES_PATH = '/webgate/v2/web-common-content/cookies'
let mock: RunningMockGateway | undefined
let server: SpawnedServer | undefined

afterEach(async () => {
  await server?.stop()
  await mock?.close()
  mock = server = undefined
})

describe('SIGTERM drain', () => {
  it('finishes the request in flight, stops being ready, and exits with 0 within 10 s', async () => {
    mock = await startMockGateway({ port: 0, host: '127.0.0.1', config: { logLevel: 'silent', faults: [{ path: COOKIES_PATH, delayMs: 1500 }] } })
    // Note when the storefront's call reaches the gateway, so SIGTERM lands while the page waits for it.
    let cookieCallsArrived = 0
    const gateway = mock.gateway
    const handle = gateway.handle.bind(gateway)
    gateway.handle = (request) => {
      if (new URL(request.url).pathname === COOKIES_PATH) cookieCallsArrived++
      return handle(request)
    }
    server = await spawnServer({ WEB_GATEWAY_URL: `${mock.url}/webgate`, ID_GATEWAY_URL: `${mock.url}/aurora-id` })
    const srv = server

    // A keep-alive connection, as browsers and load balancers use: it must not hold the drain open.
    const agent = new Agent({ keepAlive: true })
    const inFlight = rawRequest(srv.url, '/cookie-policy', { headers: { 'user-agent': BROWSER_UA }, agent })
    await waitFor(async () => cookieCallsArrived > 0)
    const signalledAt = Date.now()
    srv.child.kill('SIGTERM')

    await waitFor(async () => {
      const answer = await fetch(`${srv.url}/readyz`).then((r) => r.status, () => 'refused' as const)
      return answer === 503 || answer === 'refused'
    })

    const page = await inFlight
    expect(page.status).toBe(200)
    expect(page.body).toContain('</html>')

    const code = await Promise.race([srv.exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 10_000 - (Date.now() - signalledAt)))])
    expect(code, srv.stderr()).toBe(0)
    agent.destroy()
  })
})
