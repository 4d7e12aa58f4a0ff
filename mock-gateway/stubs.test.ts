import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { beforeEach, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from './gateway.ts'
import { startMockGateway } from './server.ts'
import { call } from './testing.ts'

let gateway: MockGateway
beforeEach(async () => {
  gateway = await createMockGateway()
})

const addStub = (stub: unknown) => call(gateway, 'POST', '/__mock/stubs', { body: stub })
const teapot = { status: 418, body: { code: 'stubbed' } }

describe('stubs: one kind of match each', () => {
  it('matches the method', async () => {
    const stub = await addStub({ match: { method: 'post', path: '/webgate/v2/goods/10001' }, respond: teapot })
    expect(stub.status).toBe(201)
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).status).toBe(200)
    expect((await call(gateway, 'POST', '/webgate/v2/goods/10001', { body: {} })).body).toEqual({ code: 'stubbed' })
    // No stub and no handler take DELETE there; the handler's GET makes it a 405, not a 404.
    expect((await call(gateway, 'DELETE', '/webgate/v2/goods/10001')).status).toBe(405)
  })

  it('matches an exact path, and a path with *', async () => {
    await addStub({
      match: { method: 'GET', path: '/webgate/v2/goods/10001' },
      respond: { status: 200, body: { id: 1 } },
      offContract: true,
    })
    await addStub({ match: { method: 'GET', path: '/webgate/v2/promotions/*' }, respond: teapot })
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).body).toEqual({ id: 1 })
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10002')).body.id).toBe(10002)
    expect((await call(gateway, 'GET', '/webgate/v2/promotions/categories')).status).toBe(418)
  })

  it('matches query parameters (each given one, other parameters free)', async () => {
    await addStub({
      match: { method: 'GET', path: '/webgate/v2/goods/search', query: { q: 'крем' } },
      respond: { status: 200, body: { items: [], total: 0, page: 1, pageSize: 24 } },
    })
    const stubbed = await call(gateway, 'GET', `/webgate/v2/goods/search?q=${encodeURIComponent('крем')}&page=1`)
    expect(stubbed.body.total).toBe(0)
    const real = await call(gateway, 'GET', `/webgate/v2/goods/search?q=${encodeURIComponent('шампунь')}`)
    expect(real.body.total).toBeGreaterThan(0)
  })

  it('matches a piece of the body', async () => {
    await addStub({
      match: { method: 'POST', path: '/aurora-id/v1/auth/otp', bodyIncludes: '79000000042' },
      respond: { status: 422, body: { code: 'unprocessableEntity' } },
    })
    const otp = (phone: string) =>
      call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone } })
    expect((await otp('79000000042')).status).toBe(422)
    expect((await otp('79000000043')).status).toBe(200)
  })
})

describe('stub answers and bookkeeping', () => {
  it('answers its headers, a text body, and only `times` times', async () => {
    await addStub({
      match: { method: '*', path: '/webgate/v2/goods/10001' },
      respond: { status: 503, headers: { 'retry-after': '1' }, body: 'down' },
      times: 2,
    })
    const first = await call(gateway, 'GET', '/webgate/v2/goods/10001')
    expect(first).toMatchObject({ status: 503, body: 'down' })
    expect(first.headers.get('retry-after')).toBe('1')
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).status).toBe(503)
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).status).toBe(200)
    expect((await call(gateway, 'GET', '/__mock/stubs')).body.stubs).toEqual([])
  })

  it('answers a body file from the stubs folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-stub-'))
    try {
      gateway = await createMockGateway({ config: { stubsDir: dir } })
      await writeFile(join(dir, 'goods.json'), '{"id":7}')
      const added = await addStub({
        match: { method: 'GET', path: '/webgate/v2/goods/7' },
        respond: { status: 200, bodyFile: 'goods.json' },
        offContract: true,
      })
      expect(added.status).toBe(201)
      const answer = await call(gateway, 'GET', '/webgate/v2/goods/7')
      expect(answer.body).toEqual({ id: 7 })
      expect(answer.headers.get('content-type')).toBe('application/json')
    } finally {
      await rm(dir, { recursive: true })
    }
  })

  it('lists, deletes one and clears; refuses a bad stub with 400', async () => {
    const a = await addStub({ match: { method: 'GET', path: '/webgate/a' }, respond: teapot })
    await addStub({ match: { method: 'GET', path: '/webgate/b' }, respond: teapot })
    expect(a.body).toMatchObject({ id: 'stub-1', hits: 0, match: { method: 'GET', path: '/webgate/a' } })
    expect((await call(gateway, 'GET', '/__mock/stubs')).body.stubs).toHaveLength(2)
    expect((await call(gateway, 'DELETE', '/__mock/stubs/stub-1')).status).toBe(204)
    expect((await call(gateway, 'DELETE', '/__mock/stubs/stub-1')).status).toBe(404)
    expect((await call(gateway, 'GET', '/webgate/a')).status).toBe(404)
    expect((await call(gateway, 'DELETE', '/__mock/stubs')).body).toEqual({ stubs: [] })
    expect((await call(gateway, 'GET', '/webgate/b')).status).toBe(404)
    const bad = await addStub({ match: { method: 'GET', path: 'no-slash' }, respond: { status: 99 } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['match.path', 'respond.status']))
  })

  it('wins over a kept catalogue answer of the standalone server, and gives way to a fault', async () => {
    const running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${running.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      expect((await fetch(`${running.url}/webgate/v2/goods/10019`)).status).toBe(200)
      expect((await fetch(`${running.url}/webgate/v2/goods/10019`)).status).toBe(200)
      await post('/__mock/stubs', { match: { method: 'GET', path: '/webgate/v2/goods/10019' }, respond: teapot })
      expect((await fetch(`${running.url}/webgate/v2/goods/10019`)).status).toBe(418)
      await post('/__mock/faults', { path: '/webgate/v2/goods/*', status: 503 })
      expect((await fetch(`${running.url}/webgate/v2/goods/10019`)).status).toBe(503)
    } finally {
      await running.close()
    }
  })
})
