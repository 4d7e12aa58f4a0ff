import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { RenderTurns } from './render-turns.ts'

/** Spins the CPU for `ms` milliseconds of wall time (a render's synchronous work). */
const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // synchronous work
  }
}

describe('render turns', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  it('grants turns in arrival order and reports the queue', async () => {
    const queued: number[] = []
    const turns = new RenderTurns(0, (n) => queued.push(n))
    const order: number[] = []
    await Promise.all([1, 2, 3].map((n) => turns.next().then(() => order.push(n))))
    expect(order).toEqual([1, 2, 3])
    expect(turns.queued).toBe(0)
    expect(queued).toEqual([1, 2, 3, 2, 1, 0])
  })

  it('runs renders back to back within a slice, and hands the rest to the next iteration once it is used up', async () => {
    const orderWith = async (sliceMs: number, renderMs: number): Promise<string[]> => {
      const turns = new RenderTurns(sliceMs)
      const order: string[] = []
      const renders = [1, 2, 3].map((n) => turns.next().then(() => (busy(renderMs), order.push(`render ${n}`))))
      // Queued after the turns' first grant: it runs in the same check phase, after that grant's renders.
      const probe = new Promise<void>((resolve) => setImmediate(() => (order.push('next poll'), resolve())))
      await Promise.all([...renders, probe])
      return order
    }
    expect(await orderWith(50, 0)).toEqual(['render 1', 'render 2', 'render 3', 'next poll'])
    expect(await orderWith(0, 0)).toEqual(['render 1', 'next poll', 'render 2', 'render 3'])
    expect(await orderWith(5, 10)).toEqual(['render 1', 'next poll', 'render 2', 'render 3'])
  })

  it('lets a new connection in after the render running when it arrived, not after every render due', async () => {
    // Twenty renders of 5 ms are due at once; a client connects during the first. Without turns the
    // server accepts it after all twenty (one synchronous run); with turns, after the first.
    const acceptedAfter = async (withTurns: boolean): Promise<number> => {
      const turns = new RenderTurns()
      let rendered = 0
      let client: Socket | undefined
      server = createServer((socket) => socket.end())
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      const accepted = new Promise<number>((resolve) => server!.once('connection', () => resolve(rendered)))
      await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          if (withTurns) await turns.next()
          if (index === 0) client = connect(port, '127.0.0.1')
          busy(5)
          rendered++
        }),
      )
      const renderedAtAccept = await accepted
      client?.destroy()
      await new Promise<void>((resolve) => server!.close(() => resolve()))
      server = undefined
      return renderedAtAccept
    }
    expect(await acceptedAfter(false)).toBe(20)
    expect(await acceptedAfter(true)).toBeLessThan(3)
  })
})
