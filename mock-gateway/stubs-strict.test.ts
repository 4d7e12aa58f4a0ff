// Strict, expressive stubs: refused mistakes, every kind of match, priorities, templated answers,
// near-miss answers, verification counts and the contract.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from './gateway.ts'
import { call } from './testing.ts'

let gateway: MockGateway
beforeEach(async () => {
  gateway = await createMockGateway()
})

const addStub = (stub: unknown) => call(gateway, 'POST', '/__mock/stubs', { body: stub })
const teapot = { status: 418, body: { code: 'stubbed' } }
const otp = (phone: string, headers: Record<string, string> = {}) =>
  call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone }, headers })

describe('mistakes in a stub are refused, naming the field', () => {
  it.each([
    [{ match: { path: '/webgate/x', header: { a: 'b' } }, respond: teapot }, 'match.header', /unknown key header/],
    [{ match: { path: '/webgate/x' }, respond: teapot, time: 1 }, 'time', /unknown key time/],
    [{ match: { path: '/webgate/v2/goods/[0-9]+' }, respond: teapot }, 'match.path', /pathRegex/],
    [{ match: { pathRegex: '/webgate/(' }, respond: teapot }, 'match.pathRegex', /not a regular expression/],
    [
      { match: { path: '/webgate/x', headers: { a: { like: 'b' } } }, respond: teapot },
      'match.headers.a.like',
      /unknown key/,
    ],
    [
      { match: { path: '/webgate/x', query: { a: { equalTo: 'b', contains: 'c' } } }, respond: teapot },
      'match.query.a',
      /exactly one/,
    ],
    [
      { match: { path: '/webgate/x', body: { jsonPath: { phone: '1' } } }, respond: teapot },
      'match.body.jsonPath.phone',
      /JSONPath/,
    ],
    [
      { match: { path: '/webgate/x' }, respond: { status: 200, body: '{{request.bodyy}}' } },
      'respond.body',
      /unknown template/,
    ],
    [
      { match: { path: '/webgate/x' }, respond: { status: 200, body: { a: '{{request.params.id}}' } } },
      'respond.body.a',
      /no parameter id/,
    ],
    [
      { match: { path: '/webgate/x' }, respond: { status: 200, bodyFile: '/etc/passwd' } },
      'respond.bodyFile',
      /inside the stubs folder/,
    ],
    [
      { match: { path: '/webgate/x' }, respond: { status: 200, bodyFile: '../x.json' } },
      'respond.bodyFile',
      /inside the stubs folder/,
    ],
  ])('%j', async (stub, field, message) => {
    const answer = await addStub(stub)
    expect(answer.status).toBe(400)
    expect(answer.body.fields[field]).toMatch(message)
    expect(gateway.state.stubs.size).toBe(0)
  })
})

describe('matching', () => {
  it('takes a regular expression marked as one, with named groups for templates', async () => {
    await addStub({
      match: { method: 'GET', pathRegex: '^/webgate/v9/things/(?<id>[0-9]+)$' },
      respond: { status: 200, body: { thing: '{{request.params.id}}' } },
    })
    expect((await call(gateway, 'GET', '/webgate/v9/things/42')).body).toEqual({ thing: '42' })
    expect((await call(gateway, 'GET', '/webgate/v9/things/x')).status).toBe(404)
  })

  it('matches headers and cookies', async () => {
    await addStub({
      match: { method: 'POST', path: '/aurora-id/v1/auth/otp', headers: { 'X-Client-Name': { matches: '^web-' } } },
      respond: { status: 422, body: { code: 'unprocessableEntity' } },
    })
    await addStub({
      match: { method: 'GET', path: '/webgate/v2/goods/:id', cookies: { ab: 'b' } },
      respond: { status: 503, body: 'down' },
    })
    expect((await otp('79000000001', { 'x-client-name': 'web-store' })).status).toBe(422)
    expect((await otp('79000000001', { 'x-client-name': 'ios' })).status).toBe(200)
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001', { headers: { cookie: 'a=1; ab=b' } })).status).toBe(
      503,
    )
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001', { headers: { cookie: 'ab=a' } })).status).toBe(200)
  })

  it('matches a JSON body by equality, by a subset and by JSONPath', async () => {
    const path = '/aurora-id/v1/auth/otp'
    await addStub({
      match: { method: 'POST', path, body: { equalToJson: { phone: '79000000011', aud: 'loyalty-web' } } },
      respond: { status: 422, body: { code: 'unprocessableEntity', message: 'equal' } },
    })
    await addStub({
      match: { method: 'POST', path, body: { includesJson: { phone: '79000000012' } } },
      respond: { status: 422, body: { code: 'unprocessableEntity', message: 'subset' } },
    })
    await addStub({
      match: { method: 'POST', path, body: { jsonPath: { '$.phone': { matches: '^7900000002' } } } },
      respond: { status: 422, body: { code: 'unprocessableEntity', message: 'jsonPath' } },
    })
    expect((await otp('79000000011')).body.message).toBe('equal')
    expect((await otp('79000000012')).body.message).toBe('subset')
    expect((await otp('79000000025')).body.message).toBe('jsonPath')
    expect((await otp('79000000031')).status).toBe(200)
  })

  it('lets the lowest priority win, then the newest', async () => {
    const path = '/webgate/v2/goods/10001'
    await addStub({ priority: 1, match: { method: 'GET', path }, respond: { status: 503, body: { code: 'first' } } })
    await addStub({ match: { method: 'GET', path }, respond: { status: 503, body: { code: 'newer' } } })
    expect((await call(gateway, 'GET', path)).body.code).toBe('first')
    await addStub({ priority: 1, match: { method: 'GET', path }, respond: { status: 503, body: { code: 'newest' } } })
    expect((await call(gateway, 'GET', path)).body.code).toBe('newest')
  })
})

describe('templated answers', () => {
  it('echoes the phone back, with path, query and header values', async () => {
    await addStub({
      match: { method: 'POST', path: '/aurora-id/v1/auth/otp' },
      respond: {
        status: 200,
        headers: { 'x-echo': '{{request.headers.x-request-id}}' },
        body: { attemptId: 'echo-{{request.body.phone}}', expires: '2026-03-02T09:01:00.000Z' },
      },
    })
    const answer = await otp('79000000042', { 'x-request-id': 'r-1' })
    expect(answer.body).toEqual({ attemptId: 'echo-79000000042', expires: '2026-03-02T09:01:00.000Z' })
    expect(answer.headers.get('x-echo')).toBe('r-1')
  })

  it('keeps the type of a value quoted whole', async () => {
    await addStub({
      match: { method: 'GET', path: '/webgate/v9/echo/:id' },
      respond: {
        status: 200,
        body: { id: '{{request.params.id}}', page: '{{request.query.page}}', q: '{{request.query.q}}' },
      },
    })
    expect((await call(gateway, 'GET', '/webgate/v9/echo/7?page=2&q=крем')).body).toEqual({
      id: '7',
      page: '2',
      q: 'крем',
    })
  })
})

describe('near misses', () => {
  it('answers 404 with the closest stubs and why each missed, and the journal keeps it', async () => {
    await addStub({
      match: { method: 'POST', path: '/webgate/v9/orders', headers: { 'x-client-name': 'web' } },
      respond: teapot,
    })
    await addStub({ match: { method: 'GET', path: '/webgate/v9/elsewhere' }, respond: teapot })
    const answer = await call(gateway, 'POST', '/webgate/v9/orders', { body: {}, headers: { 'x-client-name': 'ios' } })
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('noMatch')
    expect(answer.body.nearMisses[0]).toMatchObject({
      id: 'stub-1',
      misses: ['header x-client-name: expected "web", got "ios"'],
    })
    expect(answer.body.nearMisses[1].misses).toEqual([
      'method: expected GET, got POST',
      'path: expected /webgate/v9/elsewhere, got /webgate/v9/orders',
    ])
    const journal = (await call(gateway, 'GET', '/__mock/requests')).body.requests
    expect(journal.at(-1)).toMatchObject({ status: 404, nearMisses: [{ id: 'stub-1' }, { id: 'stub-2' }] })
  })
})

describe('verification', () => {
  it('counts the calls that match, by method, path, header, query and body field', async () => {
    await otp('79000000001', { 'x-client-name': 'web' })
    await otp('79000000003', { 'x-client-name': 'web' })
    await call(gateway, 'GET', '/webgate/v2/goods/search?q=krem')
    const count = async (query: string) => (await call(gateway, 'GET', `/__mock/requests/count?${query}`)).body
    expect((await count('method=POST&path=/aurora-id/v1/auth/otp')).count).toBe(2)
    expect(await count('path=/aurora-id/*&body.phone=79000000003')).toMatchObject({ count: 1, seqs: [2] })
    expect((await count('header.x-client-name=web')).count).toBe(2)
    expect((await count('query.q=krem')).count).toBe(1)
    expect((await count('path=/webgate/*&since=2')).count).toBe(1)
    const bad = await call(gateway, 'GET', '/__mock/requests/count?methd=POST')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields)).toEqual(['methd'])
    const rich = await call(gateway, 'POST', '/__mock/requests/count', {
      body: {
        match: {
          method: 'POST',
          path: '/aurora-id/v1/auth/otp',
          body: { jsonPath: { '$.phone': { contains: '01' } } },
        },
      },
    })
    expect(rich.body.count).toBe(1)
  })
})

describe('the contract', () => {
  const goods = {
    match: { method: 'GET', path: '/webgate/v2/goods/10001' },
    respond: { status: 200, body: { id: 'not-a-number' } },
  }

  it('refuses a stub whose body breaks it, and serves it with offContract, marked in the journal', async () => {
    const refused = await addStub(goods)
    expect(refused.status).toBe(400)
    expect(refused.body.fields['respond.body']).toMatch(/breaks the contract/)
    expect((await addStub({ ...goods, offContract: true })).status).toBe(201)
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).body).toEqual({ id: 'not-a-number' })
    const [entry] = (await call(gateway, 'GET', '/__mock/requests')).body.requests
    expect(entry).toMatchObject({ stub: 'stub-1' })
    expect(entry.contractViolations.length).toBeGreaterThan(0)
  })

  it('takes error answers in the contract shape, and outage pages', async () => {
    expect((await addStub({ ...goods, respond: { status: 404, body: { code: 'notFound' } } })).status).toBe(201)
    expect((await addStub({ ...goods, respond: { status: 503, body: '<h1>maintenance</h1>' } })).status).toBe(201)
  })

  it('checks an answer quoting the request when it is served', async () => {
    await addStub({
      match: { method: 'GET', path: '/webgate/v2/goods/:id' },
      respond: { status: 200, body: { id: '{{request.params.id}}' } },
    })
    const answer = await call(gateway, 'GET', '/webgate/v2/goods/10001')
    expect(answer.status).toBe(500)
    expect(answer.body.code).toBe('mockContractViolation')
  })

  it('serves and marks with MOCK_CONTRACT=warn', async () => {
    gateway = await createMockGateway({ config: { contract: 'warn' } })
    expect((await addStub(goods)).status).toBe(201)
  })

  it('refuses a state file whose stub breaks it, or reads a file outside the stubs folder', async () => {
    const state = (await call(gateway, 'GET', '/__mock/state')).body
    const broken = await call(gateway, 'PUT', '/__mock/state', { body: { ...state, stubs: [goods] } })
    expect(broken.status).toBe(422)
    expect(broken.body.message).toMatch(/stubs\.0\.respond\.body: breaks the contract/)
    const exfil = { match: { method: 'GET', path: '/webgate/zz' }, respond: { status: 200, bodyFile: '/etc/passwd' } }
    const refused = await call(gateway, 'PUT', '/__mock/state', { body: { ...state, stubs: [exfil] } })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toMatch(/stubs\.0\.respond\.bodyFile/)
    expect(gateway.state.stubs.size).toBe(0)
  })
})

describe('body files stay inside the stubs folder', () => {
  it('refuses a symbolic link that leads out of it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-stubs-'))
    try {
      gateway = await createMockGateway({ config: { stubsDir: dir } })
      await symlink('/etc/passwd', join(dir, 'passwd.txt'))
      await writeFile(join(dir, 'ok.txt'), 'fine')
      const outside = await addStub({
        match: { path: '/webgate/zz' },
        respond: { status: 200, bodyFile: 'passwd.txt' },
      })
      expect(outside.status).toBe(400)
      expect(outside.body.fields['respond.bodyFile']).toMatch(/outside the stubs folder/)
      expect(
        (await addStub({ match: { path: '/webgate/zz' }, respond: { status: 200, bodyFile: 'ok.txt' } })).status,
      ).toBe(201)
      expect((await call(gateway, 'GET', '/webgate/zz')).body).toBe('fine')
    } finally {
      await rm(dir, { recursive: true })
    }
  })
})

describe('every control call is strict', () => {
  it.each([
    ['/__mock/faults', { path: '/webgate/*', status: 503, stauts: 1 }, 'stauts'],
    ['/__mock/clock', { advanceMs: 1000, advance: 1 }, 'advance'],
    ['/__mock/goods/stock', { goodsId: 10008, stock: 0, qty: 1 }, 'qty'],
  ])('%s refuses an unknown key', async (path, body, key) => {
    const answer = await call(gateway, 'POST', path, { body })
    expect(answer.status).toBe(400)
    expect(answer.body.fields[key]).toMatch(/unknown key/)
  })

  it('refuses an unknown journal filter', async () => {
    const answer = await call(gateway, 'GET', '/__mock/requests?methd=GET')
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields)).toEqual(['methd'])
  })
})
