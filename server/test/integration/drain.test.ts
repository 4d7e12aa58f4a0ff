import { Agent } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startMockGateway, type RunningMockGateway } from '#mock/index.ts'
import { BROWSER_UA, keepAliveGet, rawRequest, waitFor } from '#server/test/http.ts'
import { exitWithin, spawnServer, type SpawnedServer } from '#server/test/spawn.ts'

const COOKIES_PATH = '/webgate/v2/web-common-content/cookies'
let mock: RunningMockGateway | undefined
let server: SpawnedServer | undefined

afterEach(async () => {
  await server?.stop()
  await mock?.close()
  mock = server = undefined
})

describe('SIGTERM drain', () => {
  it('finishes the request in flight, answers /readyz 503 while still accepting, and exits with 0 within 10 s', async () => {
    mock = await startMockGateway({
      port: 0,
      host: '127.0.0.1',
      config: { logLevel: 'silent', faults: [{ path: COOKIES_PATH, delayMs: 1500 }] },
    })
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
    inFlight.catch(() => undefined)
    await waitFor(async () => cookieCallsArrived > 0)
    const signalledAt = Date.now()
    srv.child.kill('SIGTERM')

    // The listener still accepts: a new connection is told "not ready", never refused.
    await waitFor(async () => (await fetch(`${srv.url}/readyz`)).status === 503)
    expect(await fetch(`${srv.url}/readyz`).then((r) => r.json())).toEqual({ status: 'draining' })

    const page = await inFlight
    expect(page.status).toBe(200)
    expect(page.body).toContain('</html>')
    // The answer that was waiting for the gateway when the drain began closes its connection.
    expect(page.headers.connection).toBe('close')

    expect(await exitWithin(srv, signalledAt, 10_000), srv.stderr()).toBe(0)
    agent.destroy()
  })

  it('never resets a kept-alive connection: 30 clients loading pages through SIGTERM all get their answers', async () => {
    mock = await startMockGateway({ port: 0, host: '127.0.0.1', config: { logLevel: 'silent' } })
    server = await spawnServer({ WEB_GATEWAY_URL: `${mock.url}/webgate`, ID_GATEWAY_URL: `${mock.url}/aurora-id` })
    const srv = server
    const clients = Array.from({ length: 30 }, () => new Agent({ keepAlive: true, maxSockets: 1 }))
    const errors: string[] = []
    const statuses: number[] = []
    let signalled = false
    let closedAfterSignal = 0

    // Each client loads pages on its kept-alive connection until, after the signal, the server has told
    // it to close; then it loads one more page on a fresh connection (the listener still accepts).
    const run = async (agent: Agent) => {
      let afterClose = 0
      while (afterClose < 2) {
        const answer = await keepAliveGet(srv.url, '/cookie-policy', agent)
        if ('error' in answer) {
          errors.push(answer.error)
          return
        }
        statuses.push(answer.status)
        if (signalled && answer.connection === 'close') {
          afterClose++
          if (afterClose === 1) closedAfterSignal++
        }
      }
    }
    const running = clients.map(run)
    await waitFor(async () => statuses.length >= 60)
    const signalledAt = Date.now()
    srv.child.kill('SIGTERM')
    signalled = true
    await Promise.all(running)

    expect(errors).toEqual([])
    expect(new Set(statuses)).toEqual(new Set([200]))
    expect(closedAfterSignal).toBe(30)
    expect(await exitWithin(srv, signalledAt, 10_000), srv.stderr()).toBe(0)
    for (const agent of clients) agent.destroy()
  })
})
