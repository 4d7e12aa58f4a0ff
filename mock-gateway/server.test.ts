import { networkInterfaces } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { faultMatcher } from './faults.ts'
import { startMockGateway, type RunningMockGateway } from './server.ts'

const silent = pino({ level: 'silent' })
let running: RunningMockGateway | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function start(options: Parameters<typeof startMockGateway>[0] = {}) {
  running = await startMockGateway({ port: 0, logger: silent, ...options })
  return running
}
const addFault = (url: string, fault: unknown) =>
  fetch(`${url}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })

describe('the standalone server', () => {
  it('listens on a free port and answers both gateways', async () => {
    const { url } = await start()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${url}/webgate/v2/goods/10001`)).status).toBe(200)
    const otp = await fetch(`${url}/aurora-id/v1/auth/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ aud: 'loyalty-web', phone: '79000000001' }),
    })
    expect(otp.status).toBe(200)
  })

  it('answers 404 naming the method and path of an unknown call', async () => {
    const { url } = await start()
    const answer = await fetch(`${url}/webgate/v9/nothing`, { method: 'DELETE' })
    expect(answer.status).toBe(404)
    expect((await answer.json()).message).toContain('DELETE /webgate/v9/nothing')
  })

  it('puts its own origin into payment form links', async () => {
    const { url, gateway } = await start()
    expect(gateway.state.publicUrl).toBe(url)
  })
})

describe('fault switches', () => {
  it('answers the switched status for matching paths only', async () => {
    const { url } = await start()
    expect((await addFault(url, { path: '/webgate/v2/goods/*', status: 503 })).status).toBe(201)
    expect((await fetch(`${url}/webgate/v2/goods/10001`)).status).toBe(503)
    expect((await fetch(`${url}/webgate/v2/goods/search?q=x`)).status).toBe(503)
    expect((await fetch(`${url}/webgate/v2/promotions/categories`)).status).toBe(200)
  })

  it('delays the answer by delayMs', async () => {
    const { url } = await start()
    await addFault(url, { path: '/webgate/v1/cosmetic-aurora/main-page/ticker', delayMs: 400 })
    const started = performance.now()
    const answer = await fetch(`${url}/webgate/v1/cosmetic-aurora/main-page/ticker`)
    expect(answer.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(380)
  })

  it('resets the connection', async () => {
    const { url } = await start()
    await addFault(url, { path: '/aurora-id/*', mode: 'reset' })
    await expect(fetch(`${url}/aurora-id/v1/profile`)).rejects.toThrow()
  })

  it('answers a body that is not JSON', async () => {
    const { url } = await start()
    await addFault(url, { path: '/webgate/v2/poll/1', mode: 'invalid-json' })
    const answer = await fetch(`${url}/webgate/v2/poll/1`)
    expect(answer.headers.get('content-type')).toContain('application/json')
    await expect(answer.json()).rejects.toThrow()
  })

  it('hangs until the client gives up', async () => {
    const { url } = await start()
    await addFault(url, { path: '/webgate/v2/goods/search', mode: 'hang' })
    await expect(fetch(`${url}/webgate/v2/goods/search`, { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      /timeout|abort/i,
    )
  })

  it('lists and clears the switches', async () => {
    const { url } = await start()
    await addFault(url, { path: '/webgate/*', status: 500 })
    expect((await (await fetch(`${url}/__mock/faults`)).json()).faults).toEqual([
      { id: 'fault-1', path: '/webgate/*', status: 500 },
    ])
    expect((await fetch(`${url}/__mock/faults`, { method: 'DELETE' })).status).toBe(200)
    expect((await fetch(`${url}/webgate/v2/goods/10001`)).status).toBe(200)
  })

  it('refuses a fault without an effect', async () => {
    const { url } = await start()
    expect((await addFault(url, { path: '/webgate/*' })).status).toBe(400)
  })

  it('starts with the faults of MOCK_FAULTS', async () => {
    const { url } = await start({ config: { faults: [{ path: '/webgate/v2/goods/10001', status: 418 }] } })
    expect((await fetch(`${url}/webgate/v2/goods/10001`)).status).toBe(418)
    expect((await fetch(`${url}/webgate/v2/goods/10002`)).status).toBe(200)
  })

  it('never faults /__mock/* itself', async () => {
    const { url } = await start()
    await addFault(url, { path: '*', mode: 'reset' })
    expect((await fetch(`${url}/__mock/faults`, { method: 'DELETE' })).status).toBe(200)
  })

  it.each([
    ['/webgate/v2/goods/*', '/webgate/v2/goods/1/reviews', true],
    ['/webgate/v2/goods/*', '/webgate/v2/goods', false],
    ['/webgate/*/scores', '/webgate/v1/object/5/scores', true],
    ['/webgate/v1/cart', '/webgate/v1/cart/items', false],
    ['/webgate/v1/cart', '/webgate/v1/cart', true],
  ])('matches %s against %s: %s', (pattern, path, expected) => {
    expect(faultMatcher(pattern)(path)).toBe(expected)
  })
})

describe('/__mock/*', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address

  it.skipIf(!external)('answers 403 to clients that are not on the loopback interface', async () => {
    const { url } = await start({ host: '0.0.0.0' })
    const port = new URL(url).port
    expect((await fetch(`http://${external}:${port}/__mock/faults`)).status).toBe(403)
    expect((await fetch(`http://${external}:${port}/webgate/v2/goods/10001`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${port}/__mock/faults`)).status).toBe(200)
  })
})
