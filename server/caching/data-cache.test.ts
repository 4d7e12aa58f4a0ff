import { describe, expect, it, vi } from 'vitest'
import { AnonymousCache, type CacheEvent } from './data-cache.ts'

function setup(options: { ttlMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000
  const events: CacheEvent[] = []
  const cache = new AnonymousCache({
    ttlMs: options.ttlMs ?? 1_000,
    staleMs: options.staleMs ?? 5_000,
    maxEntries: options.maxEntries ?? 10,
    now: () => now,
    onEvent: (e) => events.push(e),
  })
  return {
    cache,
    events,
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** Lets queued promise callbacks (a background refresh) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('AnonymousCache', () => {
  it('serves a fresh entry without loading again', async () => {
    const { cache, events, advance } = setup()
    const load = vi.fn(async () => 'v1')
    await cache.get('k', load)
    advance(1_000)
    await expect(cache.get('k', load)).resolves.toBe('v1')
    expect(load).toHaveBeenCalledTimes(1)
    expect(events).toEqual(['miss', 'hit'])
  })

  it('serves a stale entry at once and refreshes it in the background', async () => {
    const { cache, events, advance } = setup()
    await cache.get('k', async () => 'v1')
    advance(1_001)
    const refresh = vi.fn(async () => 'v2')
    await expect(cache.get('k', refresh)).resolves.toBe('v1')
    expect(events).toEqual(['miss', 'stale'])
    await settle()
    expect(refresh).toHaveBeenCalledTimes(1)
    await expect(cache.get('k', refresh)).resolves.toBe('v2')
    expect(events.at(-1)).toBe('hit')
  })

  it('starts one background refresh for many stale reads', async () => {
    const { cache, advance } = setup()
    await cache.get('k', async () => 'v1')
    advance(1_001)
    let finish: (value: string) => void = () => {}
    const refresh = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve
        }),
    )
    await Promise.all([cache.get('k', refresh), cache.get('k', refresh), cache.get('k', refresh)])
    expect(refresh).toHaveBeenCalledTimes(1)
    finish('v2')
    await settle()
    await expect(cache.get('k', refresh)).resolves.toBe('v2')
  })

  it('keeps serving the stale value when the background refresh fails', async () => {
    const { cache, events, advance } = setup()
    await cache.get('k', async () => 'v1')
    advance(1_001)
    await expect(
      cache.get('k', async () => {
        throw new Error('gateway down')
      }),
    ).resolves.toBe('v1')
    await settle()
    expect(events).toContain('stale-error')
    await expect(cache.get('k', async () => 'v2')).resolves.toBe('v1')
  })

  it('loads again once an entry is past its stale window', async () => {
    const { cache, events, advance } = setup()
    await cache.get('k', async () => 'v1')
    advance(6_001)
    await expect(cache.get('k', async () => 'v2')).resolves.toBe('v2')
    expect(events).toEqual(['miss', 'miss'])
  })

  it('answers the old value when loading an expired entry fails (stale-if-error)', async () => {
    const { cache, events, advance } = setup()
    await cache.get('k', async () => 'v1')
    advance(6_001)
    await expect(
      cache.get('k', async () => {
        throw new Error('gateway down')
      }),
    ).resolves.toBe('v1')
    expect(events.at(-1)).toBe('stale-error')
  })

  it('passes the error on when there is nothing cached', async () => {
    const { cache } = setup()
    await expect(
      cache.get('k', async () => {
        throw new Error('gateway down')
      }),
    ).rejects.toThrow('gateway down')
    expect(cache.size).toBe(0)
  })

  it('shares one load between concurrent misses', async () => {
    const { cache } = setup()
    let finish: (value: string) => void = () => {}
    const load = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve
        }),
    )
    const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    finish('v1')
    await expect(all).resolves.toEqual(['v1', 'v1', 'v1'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shares a failing load too, and tries again on the next miss', async () => {
    const { cache } = setup()
    const load = vi.fn(async () => {
      throw new Error('down')
    })
    const results = await Promise.allSettled([cache.get('k', load), cache.get('k', load)])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(load).toHaveBeenCalledTimes(1)
    await expect(cache.get('k', async () => 'v1')).resolves.toBe('v1')
  })

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache } = setup({ maxEntries: 2 })
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('a', async () => 'a2')
    await cache.get('c', async () => 'c1')
    expect(cache.size).toBe(2)
    await expect(cache.get('a', async () => 'a3')).resolves.toBe('a1')
    await expect(cache.get('b', async () => 'b2')).resolves.toBe('b2')
  })

  it('caches nothing when maxEntries is 0', async () => {
    const { cache } = setup({ maxEntries: 0 })
    const load = vi.fn(async () => 'v')
    await cache.get('k', load)
    await cache.get('k', load)
    expect(load).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(0)
  })

  it('keeps different keys apart', async () => {
    const { cache } = setup()
    await cache.get('["goods.get",1]', async () => 'one')
    await expect(cache.get('["goods.get",2]', async () => 'two')).resolves.toBe('two')
  })
})
