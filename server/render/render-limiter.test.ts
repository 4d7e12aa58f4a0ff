import { describe, expect, it } from 'vitest'
import { RenderLimiter } from './render-limiter.ts'

describe('render limiter', () => {
  it('runs at most the limit at once and lets the rest in, in arrival order', async () => {
    const limiter = new RenderLimiter(2)
    const order: number[] = []
    const releases = await Promise.all([limiter.acquire(), limiter.acquire()])
    const third = limiter.acquire().then((release) => (order.push(3), release))
    const fourth = limiter.acquire().then((release) => (order.push(4), release))
    expect(limiter.running).toBe(2)
    expect(limiter.queued).toBe(2)
    releases[0]!()
    await third
    expect(order).toEqual([3])
    releases[1]!()
    await fourth
    expect(order).toEqual([3, 4])
    expect(limiter.queued).toBe(0)
  })

  it('ignores a second release of the same slot', async () => {
    const limiter = new RenderLimiter(1)
    const release = await limiter.acquire()
    release()
    release()
    expect(limiter.running).toBe(0)
    const again = await limiter.acquire()
    expect(limiter.running).toBe(1)
    again()
  })
})
