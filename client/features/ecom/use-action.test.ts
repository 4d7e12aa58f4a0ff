import { describe, expect, it } from 'vitest'
import { latestQueue } from './use-action.ts'

/** A task whose answer the test gives when it likes, and which notes that it ran. */
function deferred(name: string, ran: string[]) {
  let settle!: { resolve: (value: string) => void; reject: (error: Error) => void }
  const answer = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
  const task = () => {
    ran.push(name)
    return answer
  }
  return { task, ...settle }
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('latestQueue', () => {
  it('saves a choice made while another is in flight once that one lands, not never', async () => {
    const queue = latestQueue()
    const ran: string[] = []
    const pickup = deferred('pickup', ran)
    const courier = deferred('courier', ran)
    const first = queue.run(pickup.task)
    const second = queue.run(courier.task)
    await tick()
    expect(ran).toEqual(['pickup'])
    pickup.resolve('pickup saved')
    await tick()
    expect(ran).toEqual(['pickup', 'courier'])
    courier.resolve('courier saved')
    expect(await first).toBe('pickup saved')
    expect(await second).toBe('courier saved')
  })

  it('of the choices waiting, runs only the latest', async () => {
    const queue = latestQueue()
    const ran: string[] = []
    const a = deferred('a', ran)
    const b = deferred('b', ran)
    const c = deferred('c', ran)
    const first = queue.run(a.task)
    const skipped = queue.run(b.task)
    const last = queue.run(c.task)
    a.resolve('a')
    c.resolve('c')
    expect(await skipped).toBeUndefined()
    expect(await first).toBe('a')
    expect(await last).toBe('c')
    expect(ran).toEqual(['a', 'c'])
  })

  it('tells a task whether a newer run came while it was in flight', async () => {
    const queue = latestQueue()
    const seen: boolean[] = []
    let release!: () => void
    const inFlight = new Promise<void>((resolve) => (release = resolve))
    const first = queue.run(async (isLatest) => {
      await inFlight
      seen.push(isLatest())
    })
    const second = queue.run(async (isLatest) => {
      seen.push(isLatest())
    })
    release()
    await Promise.all([first, second])
    expect(seen).toEqual([false, true])
  })

  it('goes on after a failed run', async () => {
    const queue = latestQueue()
    const ran: string[] = []
    const failing = deferred('failing', ran)
    const next = deferred('next', ran)
    const first = queue.run(failing.task)
    const second = queue.run(next.task)
    failing.reject(new Error('gateway down'))
    await expect(first).rejects.toThrow('gateway down')
    next.resolve('saved')
    expect(await second).toBe('saved')
    expect(ran).toEqual(['failing', 'next'])
  })
})
