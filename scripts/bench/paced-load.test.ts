import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { answerReader, pacedLoad } from './paced-load.mjs'

type Reader = ReturnType<typeof answerReader>
const readerOf = (statuses: number[]): Reader => answerReader((status) => void statuses.push(status))

const fixed = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`
const chunked = (parts: string[]) =>
  `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${parts
    .map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`)
    .join('')}0\r\n\r\n`

/** Feeds `text` to `reader` in pieces of `size` bytes, each piece's buffer overwritten after the push. */
function feed(reader: Reader, text: string, size: number) {
  const bytes = Buffer.from(text)
  const scratch = Buffer.alloc(size)
  for (let at = 0; at < bytes.length; at += size) {
    const piece = bytes.subarray(at, at + size)
    piece.copy(scratch)
    reader.push(scratch.subarray(0, piece.length))
    scratch.fill(0x58)
  }
}

describe('answerReader', () => {
  const stream = [
    fixed(200, 'Сайт'.repeat(500)),
    chunked(['первый кусок', 'x'.repeat(3000)]),
    fixed(404, ''),
    chunked(['\r\n\r\n', 'HTTP/1.1 500 in a body\r\n\r\n']),
    fixed(503, 'HTTP/1.1 200 OK\r\n\r\n'),
  ].join('')

  it.each([1, 2, 7, 64, 1000, 1 << 16])('counts each answer once whatever the reads cut (%i bytes a read)', (size) => {
    const statuses: number[] = []
    feed(readerOf(statuses), stream, size)
    expect(statuses).toEqual([200, 200, 404, 200, 503])
  })

  it('waits for the rest of an answer cut short', () => {
    const statuses: number[] = []
    const reader = readerOf(statuses)
    const whole = fixed(200, 'abcdef')
    reader.push(Buffer.from(whole.slice(0, -1)))
    expect(statuses).toEqual([])
    reader.push(Buffer.from(whole.slice(-1)))
    expect(statuses).toEqual([200])
  })
})

describe('pacedLoad', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    server = createServer(handler)
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it('sends the rate it is asked for and measures every answer', async () => {
    let served = 0
    const origin = await listen((request, response) => {
      served++
      if (request.url === '/missing') response.writeHead(404).end('нет')
      else response.end('страница'.repeat(2000))
    })
    const result = await pacedLoad(`${origin}/page?x=1`, { rate: 200, seconds: 1, warmupSeconds: 0.5, connections: 4 })
    expect(result.requests).toBe(200)
    expect(result.errors).toBe(0)
    expect(served).toBe(300)
    expect(result.p50_ms).toBeGreaterThan(0)
    expect(result.p99_ms).toBeGreaterThanOrEqual(result.p50_ms ?? Infinity)

    const missing = await pacedLoad(`${origin}/missing`, { rate: 50, seconds: 0.4, warmupSeconds: 0 })
    expect(missing).toMatchObject({ requests: 0, errors: 20, p50_ms: null })
  })

  it('counts a stall from when each request was due, not from when it could be sent', async () => {
    let stalled = false
    const origin = await listen((_request, response) => {
      // One request holds the only connection for 300 ms: the ones due meanwhile wait for it.
      if (!stalled) {
        stalled = true
        setTimeout(() => response.end('поздно'), 300)
      } else response.end('ok')
    })
    const result = await pacedLoad(origin, { rate: 100, seconds: 1, warmupSeconds: 0, connections: 1 })
    expect(result.requests).toBe(100)
    // 30 of the 100 were due while the first waited: at least the slowest 1 % waited over 200 ms.
    expect(result.p99_ms).toBeGreaterThan(200)
  })
})
