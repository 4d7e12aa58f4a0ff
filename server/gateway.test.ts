import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '#shared/api/errors.ts'
import type { EndpointDef } from '#shared/api/endpoint.ts'
import type { StandardSchemaV1 } from '#shared/api/standard-schema.ts'
import { getStoreCategories } from '#shared/gateway/catalog.ts'
import { getGoodsFilters, searchGoods } from '#shared/gateway/goods.ts'
import { getSpecialOffers } from '#shared/gateway/main-page.ts'
import { createMockGateway } from '../mock-gateway/gateway.ts'
import { call } from '../mock-gateway/testing.ts'
import { compiledAnswerSchema, requestFetch } from './gateway.ts'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let origin: string
const seen: Seen[] = []
const agent = new Agent({ connections: 2 })

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 2_000)
      if (request.url?.startsWith('/big'))
        return void response.end(JSON.stringify({ items: Array.from({ length: 5_000 }, (_, id) => ({ id })) }))
      response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ path: request.url, method: request.method }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await agent.close()
  await new Promise((resolve) => server.close(resolve))
})

describe('requestFetch', () => {
  const fetchOf = () => requestFetch(agent)

  it('sends method, path with query, headers and body, and reads status and JSON', async () => {
    const answer = await fetchOf()(`${origin}/v1/goods?id=1&id=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'r1' },
      body: '{"a":1}',
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ path: '/v1/goods?id=1&id=2', method: 'POST' })
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/goods?id=1&id=2',
      body: '{"a":1}',
      headers: { 'x-request-id': 'r1', 'content-type': 'application/json' },
    })
  })

  it('gives an error status as an answer with its body, as fetch does', async () => {
    const answer = await fetchOf()(`${origin}/missing`, { method: 'GET' })
    expect(answer.status).toBe(404)
    expect(JSON.parse(await answer.text())).toEqual({ path: '/missing', method: 'GET' })
  })

  it('discards an unread body so the connection serves the next call', async () => {
    const first = await fetchOf()(`${origin}/big`, { method: 'GET' })
    await first.body!.cancel()
    const second = await fetchOf()(`${origin}/big-again`, { method: 'GET' })
    expect(((await second.json()) as { items: unknown[] }).items).toHaveLength(5_000)
  })

  it('rejects with the reason of an aborted signal, as fetch does (the client tells timeouts from aborts by it)', async () => {
    const reason = new AppError('aborted', 'client disconnected')
    const controller = new AbortController()
    const pending = fetchOf()(`${origin}/slow`, { method: 'GET', signal: controller.signal })
    setTimeout(() => controller.abort(reason), 20)
    await expect(pending).rejects.toBe(reason)
    await expect(fetchOf()(`${origin}/slow`, { method: 'GET', signal: AbortSignal.timeout(20) })).rejects.toMatchObject(
      { name: 'TimeoutError' },
    )
  })

  it('refuses a body other than a JSON string: the server sends no forms', async () => {
    await expect(fetchOf()(`${origin}/upload`, { method: 'POST', body: new FormData() })).rejects.toThrow(TypeError)
  })
})

describe('compiledAnswerSchema', () => {
  const standard = (schema: unknown) => (schema as StandardSchemaV1)['~standard']
  const cases: [string, EndpointDef, string][] = [
    ['goods.search', searchGoods as EndpointDef, '/v2/goods/search?categoryId=1&page=1&pageSize=24'],
    ['goods.filters', getGoodsFilters as EndpointDef, '/v1/goods/filters?categoryId=1'],
    ['categories.store', getStoreCategories as EndpointDef, '/v3/categories/store'],
    ['mainPage.specialOffers', getSpecialOffers as EndpointDef, '/v1/cosmetic-{product}/main-page/special-offers'],
  ]

  it.each(cases)('accepts what %s answers in the mock exactly as the plain schema does', async (_name, def, path) => {
    const gateway = await createMockGateway()
    const answer = await call(gateway, 'GET', `/webgate${path.replace('{product}', gateway.state.config.product)}`)
    expect(answer.status).toBe(200)
    const compiled = compiledAnswerSchema(def)
    expect(compiled).not.toBe(def.response)
    expect(compiledAnswerSchema(def)).toBe(compiled)
    const plain = await standard(def.response).validate(answer.body)
    expect(plain.issues).toBeUndefined()
    expect(await compiled['~standard'].validate(answer.body)).toEqual(plain)
  })

  it('refuses a broken answer with the same issues as the plain schema', async () => {
    const gateway = await createMockGateway()
    const answer = await call(gateway, 'GET', '/webgate/v2/goods/search?categoryId=1&page=1&pageSize=24')
    const broken = structuredClone(answer.body)
    broken.items[3].price = 'дорого'
    delete broken.items[5].name
    const plain = await standard(searchGoods.response).validate(broken)
    expect(plain.issues?.length).toBeGreaterThan(0)
    expect(await compiledAnswerSchema(searchGoods as EndpointDef)['~standard'].validate(broken)).toEqual(plain)
  })
})
