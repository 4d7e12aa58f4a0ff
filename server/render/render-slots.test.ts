import { describe, expect, it } from 'vitest'
import { RenderSlots } from './render-slots.ts'

describe('render slots', () => {
  it('runs at most the limit at once and lets the rest in, in arrival order', async () => {
    const slots = new RenderSlots(2)
    const order: number[] = []
    const releases = await Promise.all([slots.acquire(), slots.acquire()])
    const third = slots.acquire().then((release) => (order.push(3), release))
    const fourth = slots.acquire().then((release) => (order.push(4), release))
    expect(slots.running).toBe(2)
    expect(slots.queued).toBe(2)
    releases[0]!()
    await third
    expect(order).toEqual([3])
    releases[1]!()
    await fourth
    expect(order).toEqual([3, 4])
    expect(slots.queued).toBe(0)
  })

  it('ignores a second release of the same slot', async () => {
    const slots = new RenderSlots(1)
    const release = await slots.acquire()
    release()
    release()
    expect(slots.running).toBe(0)
    const again = await slots.acquire()
    expect(slots.running).toBe(1)
    again()
  })
})
