import { describe, expect, it, vi } from 'vitest'
import { PAGE_SIZE_MAX } from '#shared/models/common.ts'
import { AVAILABILITY_CHUNK, createAvailabilityBatcher } from './availability-batch.ts'

/** A scheduler the test flushes by hand. */
function manual() {
  const runs: (() => void)[] = []
  return { schedule: (run: () => void) => runs.push(run), flush: () => runs.splice(0).forEach((run) => run()) }
}

describe('createAvailabilityBatcher', () => {
  it("asks for at most the gateway's largest page of ids at once", () => {
    expect(AVAILABILITY_CHUNK).toBe(PAGE_SIZE_MAX)
  })

  it('asks once for all goods of one store and answers each card', async () => {
    const fetch = vi.fn(async (_store: string, ids: readonly number[]) => new Set(ids.filter((id) => id % 2 === 0)))
    const clock = manual()
    const batcher = createAvailabilityBatcher(fetch, clock.schedule)
    const answers = [1, 2, 3, 4, 2].map((id) => batcher.load('AU-KZN-001', id))
    clock.flush()
    expect(await Promise.all(answers)).toEqual([false, true, false, true, true])
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledWith('AU-KZN-001', [1, 2, 3, 4])
  })

  it('keeps stores apart and splits more than a page of ids into several calls', async () => {
    const fetch = vi.fn(async (_store: string, ids: readonly number[]) => new Set(ids))
    const clock = manual()
    const batcher = createAvailabilityBatcher(fetch, clock.schedule)
    const many = Array.from({ length: PAGE_SIZE_MAX + 5 }, (_, index) => batcher.load('A', index + 1))
    const other = batcher.load('B', 7)
    clock.flush()
    await Promise.all([...many, other])
    expect(fetch.mock.calls.map(([store, ids]) => [store, ids.length])).toEqual([
      ['A', PAGE_SIZE_MAX],
      ['A', 5],
      ['B', 1],
    ])
  })

  it('passes a failed call to every card that waited for it, and asks again next time', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce(new Set([5]))
    const clock = manual()
    const batcher = createAvailabilityBatcher(fetch, clock.schedule)
    const failed = [batcher.load('A', 5), batcher.load('A', 6)]
    clock.flush()
    await expect(Promise.all(failed)).rejects.toThrow('503')
    const again = batcher.load('A', 5)
    clock.flush()
    await expect(again).resolves.toBe(true)
  })
})
