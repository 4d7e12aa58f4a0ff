import { afterEach, describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { createMockGateway } from '../gateway.ts'
import { startMockGateway, type RunningMockGateway } from '../server.ts'
import { call } from '../testing.ts'
import { createAnswerCache } from './answer-cache.ts'

const answer = (text: string) => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(text),
})

describe('the answer cache', () => {
  it('keeps at most its bound, dropping the oldest answer first', () => {
    const cache = createAnswerCache(2)
    for (const key of ['/a', '/b', '/c']) cache.set(key, answer(key), cache.generation)
    expect(cache.get('/a')).toBeUndefined()
    expect(cache.get('/b')?.body.toString()).toBe('/b')
    expect(cache.get('/c')?.body.toString()).toBe('/c')
  })

  it('keeps at most its bound of bytes', () => {
    const cache = createAnswerCache(100, 10)
    cache.set('/a', answer('aaaaaa'), cache.generation)
    cache.set('/b', answer('bbbbbb'), cache.generation)
    expect(cache.get('/a')).toBeUndefined()
    expect(cache.get('/b')?.body.toString()).toBe('bbbbbb')
    cache.set('/huge', answer('x'.repeat(11)), cache.generation)
    expect(cache.get('/huge')).toBeUndefined()
    expect(cache.get('/b')).toBeDefined()
  })

  it('drops an answer computed before the data changed', () => {
    const cache = createAnswerCache()
    const before = cache.generation
    cache.set('/a', answer('old'), before)
    cache.clear()
    expect(cache.get('/a')).toBeUndefined()
    cache.set('/a', answer('computed before the change'), before)
    expect(cache.get('/a')).toBeUndefined()
  })
})

describe('cached catalogue answers in process', () => {
  it('keeps a goods answer and forgets it when the collection changes', async () => {
    const gateway = await createMockGateway({ checkAnswers: true })
    const first = await call(gateway, 'GET', '/webgate/v2/goods/10001')
    expect(gateway.cached('GET', '/webgate/v2/goods/10001')).toBeDefined()
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).body).toEqual(first.body)

    await gateway.state.db.goods.update((q) => q.where({ id: 10001 }), {
      data(draft) {
        draft.name = 'Переименованный товар'
      },
    })
    expect(gateway.cached('GET', '/webgate/v2/goods/10001')).toBeUndefined()
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10001')).body.name).toBe('Переименованный товар')
  })

  it('keeps no answer read while a change was still being applied', async () => {
    const gateway = await createMockGateway()
    await call(gateway, 'GET', '/webgate/v2/goods/10002')
    for (let i = 0; i < 5; i++) {
      const name = `Товар, версия ${i}`
      const reads = Array.from({ length: 20 }, () => call(gateway, 'GET', '/webgate/v2/goods/10002'))
      const change = gateway.state.db.goods.update((q) => q.where({ id: 10002 }), {
        data(draft) {
          draft.name = name
        },
      })
      reads.push(...Array.from({ length: 20 }, () => call(gateway, 'GET', '/webgate/v2/goods/10002')))
      await Promise.all([change, ...reads])
      expect((await call(gateway, 'GET', '/webgate/v2/goods/10002')).body.name).toBe(name)
    }
  })

  it('keeps a clock-bound answer only until its instant, and never a signed-in cart', async () => {
    const gateway = await createMockGateway()
    expect((await call(gateway, 'GET', '/webgate/v2/promotions/categories')).status).toBe(200)
    const kept = gateway.cached('GET', '/webgate/v2/promotions/categories')
    expect(kept?.until).toBeGreaterThan(gateway.state.clock.now())
    expect((await call(gateway, 'GET', '/webgate/v1/cart')).status).toBe(401)
    expect(gateway.cached('GET', '/webgate/v1/cart')).toBeUndefined()
  })

  it('keeps no error answer', async () => {
    const gateway = await createMockGateway()
    expect((await call(gateway, 'GET', '/webgate/v2/goods/99999999')).status).toBe(404)
    expect(gateway.cached('GET', '/webgate/v2/goods/99999999')).toBeUndefined()
  })
})

describe('cached catalogue answers over HTTP', () => {
  let running: RunningMockGateway | undefined
  afterEach(async () => {
    await running?.close()
    running = undefined
  })
  const post = (path: string, body: unknown) =>
    fetch(`${running!.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('answers the same bytes and headers from the cache as the first time', async () => {
    running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
    const url = `${running.url}/webgate/v2/goods/search?categoryId=11&page=1&pageSize=24`
    const first = await fetch(url)
    const firstBody = await first.text()
    const second = await fetch(url)
    expect(second.status).toBe(200)
    expect(await second.text()).toBe(firstBody)
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(firstBody)))
  })

  it('shows a stock change and a switched fault on an answer it keeps', async () => {
    running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
    const goods = `${running.url}/webgate/v2/goods/10001`
    await (await fetch(goods)).arrayBuffer()
    expect((await post('/__mock/goods/stock', { goodsId: 10001, stock: 0 })).status).toBe(200)
    expect(await (await fetch(goods)).json()).toMatchObject({ id: 10001, stock: 0, inStock: false })

    expect((await post('/__mock/faults', { path: '/webgate/v2/goods/10001', status: 503 })).status).toBe(201)
    expect((await fetch(goods)).status).toBe(503)
    await fetch(`${running.url}/__mock/faults`, { method: 'DELETE' })
    expect((await fetch(goods)).status).toBe(200)
  })
})
