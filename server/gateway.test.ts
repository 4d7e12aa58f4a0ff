import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '#shared/api/errors.ts'
import { requestFetch } from './gateway.ts'

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
      if (request.url?.startsWith('/big')) return void response.end(JSON.stringify({ items: Array.from({ length: 5_000 }, (_, id) => ({ id })) }))
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
    const answer = await fetchOf()(`${origin}/v1/goods?id=1&id=2`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'r1' }, body: '{"a":1}' })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ path: '/v1/goods?id=1&id=2', method: 'POST' })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/goods?id=1&id=2', body: '{"a":1}', headers: { 'x-request-id': 'r1', 'content-type': 'application/json' } })
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
    await expect(fetchOf()(`${origin}/slow`, { method: 'GET', signal: AbortSignal.timeout(20) })).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('refuses a body other than a JSON string: the server sends no forms', async () => {
    await expect(fetchOf()(`${origin}/upload`, { method: 'POST', body: new FormData() })).rejects.toThrow(TypeError)
  })
})
