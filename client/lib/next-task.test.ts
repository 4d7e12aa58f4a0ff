import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTask } from './next-task.ts'

describe('nextTask', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('resolves after the work already queued in this task, even with the clock held still', async () => {
    vi.useFakeTimers()
    const order: string[] = []
    const next = nextTask().then(() => order.push('next task'))
    void Promise.resolve().then(() => order.push('microtask'))
    await next
    expect(order).toEqual(['microtask', 'next task'])
  })
})
