import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockGateway } from './gateway.ts'
import { startMockGateway, type RunningMockGateway } from './server.ts'
import { call, signIn } from './testing.ts'

let running: RunningMockGateway | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('the request journal', () => {
  it('keeps the last N calls with method, path, query, headers, masked body, status and time', async () => {
    const gateway = await createMockGateway({ config: { journalSize: 3 } })
    await call(gateway, 'GET', '/webgate/v2/goods/10001')
    await call(gateway, 'GET', '/webgate/v2/goods/search?q=krem&page=2')
    const { accessToken } = await signIn(gateway, '79000000001')
    await call(gateway, 'GET', '/webgate/v1/orders?page=1', { token: accessToken, headers: { 'x-request-id': 'r-1' } })
    await call(gateway, 'GET', '/__mock/faults')

    const { body } = await call(gateway, 'GET', '/__mock/requests')
    expect(body.size).toBe(3)
    // Sign-in made three calls (code request, check, token); the journal kept the last three of all.
    expect(body.requests.map((entry: { path: string }) => entry.path)).toEqual([
      '/aurora-id/v1/auth/otp/check',
      '/aurora-id/v1/auth/token',
      '/webgate/v1/orders',
    ])
    const [check, token, orders] = body.requests
    expect(check).toMatchObject({
      method: 'POST',
      status: 200,
      body: { aud: 'loyalty-web', phone: '[Redacted]', code: '[Redacted]', attemptId: expect.any(String) },
    })
    expect(token.body.auroraIDCode).toBe('[Redacted]')
    expect(orders).toMatchObject({
      method: 'GET',
      query: { page: '1' },
      headers: { authorization: 'Bearer [Redacted]', 'x-request-id': 'r-1' },
      body: null,
      status: 200,
    })
    expect(Date.parse(orders.at)).toBeGreaterThan(0)
    expect(JSON.stringify(body)).not.toContain(accessToken)
    expect(JSON.stringify(body)).not.toContain('79000000001')
  })

  it('filters by path pattern, method and since; DELETE clears it', async () => {
    const gateway = await createMockGateway()
    await call(gateway, 'GET', '/webgate/v2/goods/10001')
    await call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone: '79000000005' } })
    await call(gateway, 'GET', '/webgate/v2/goods/10002')
    const list = async (query: string) => (await call(gateway, 'GET', `/__mock/requests${query}`)).body.requests
    expect((await list('?path=/webgate/v2/goods/*')).map((entry: { path: string }) => entry.path)).toEqual([
      '/webgate/v2/goods/10001',
      '/webgate/v2/goods/10002',
    ])
    expect(await list('?method=post')).toHaveLength(1)
    const [, second] = await list('')
    expect((await list(`?since=${second.seq}`)).map((entry: { path: string }) => entry.path)).toEqual([
      '/webgate/v2/goods/10002',
    ])
    expect(await list('?since=2999-01-01T00:00:00Z')).toEqual([])
    expect((await call(gateway, 'GET', '/__mock/requests?since=yesterday')).status).toBe(400)
    await call(gateway, 'DELETE', '/__mock/requests')
    expect(await list('')).toEqual([])
  })

  it('over HTTP, also journals kept answers and faults, not control calls', async () => {
    running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
    const { url } = running
    await fetch(`${url}/webgate/v2/goods/10019`)
    await fetch(`${url}/webgate/v2/goods/10019`)
    await fetch(`${url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/webgate/v2/goods/10020', status: 503 }),
    })
    await fetch(`${url}/webgate/v2/goods/10020`, { headers: { 'x-client-name': 'web' } })
    const { requests } = await (await fetch(`${url}/__mock/requests`)).json()
    expect(requests.map((entry: { path: string; status: number }) => `${entry.path} ${entry.status}`)).toEqual([
      '/webgate/v2/goods/10019 200',
      '/webgate/v2/goods/10019 200',
      '/webgate/v2/goods/10020 503',
    ])
    expect(requests[2].headers['x-client-name']).toBe('web')
  })

  it('keeps nothing with MOCK_JOURNAL_SIZE=0', async () => {
    const gateway = await createMockGateway({ config: { journalSize: 0 } })
    await call(gateway, 'GET', '/webgate/v2/goods/10001')
    expect((await call(gateway, 'GET', '/__mock/requests')).body).toEqual({ size: 0, requests: [] })
  })
})
