import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { waitForQuietListener } from './quiet-listener.ts'

let server: Server | undefined
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await new Promise((done) => (server ? server.close(done) : done(undefined)))
  server = undefined
})

async function listen(): Promise<number> {
  server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
  return (server.address() as AddressInfo).port
}

describe('waitForQuietListener', () => {
  it('waits while connections keep arriving, then resolves once they stop', async () => {
    const port = await listen()
    let arriving = true
    let connected = 0
    const feeder = (async () => {
      while (arriving) {
        sockets.push(connect(port, '127.0.0.1', () => connected++))
        await new Promise((done) => setTimeout(done, 20))
      }
    })()
    const started = Date.now()
    const waiting = waitForQuietListener(server!, 100, 5_000)
    setTimeout(() => (arriving = false), 400)
    expect(await waiting).toBe('quiet')
    await feeder
    // It cannot have finished before the connections stopped arriving.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400)
    expect(connected).toBeGreaterThan(5)
  })

  it('gives up at the deadline when connections never stop', async () => {
    const port = await listen()
    const timer = setInterval(() => sockets.push(connect(port, '127.0.0.1')), 10)
    try {
      expect(await waitForQuietListener(server!, 200, 300)).toBe('deadline')
    } finally {
      clearInterval(timer)
    }
  })
})
