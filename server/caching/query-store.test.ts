import { describe, expect, it, vi } from 'vitest'
import { isShared } from '#shared/shared-mark.ts'
import { QueryStore, type QueryStoreOptions } from './query-store.ts'

/** A store on a hand-moved clock that records its events. */
function setup(over: Partial<QueryStoreOptions> = {}) {
  let now = 0
  const events: string[] = []
  let evictions = 0
  const store = new QueryStore({
    maxBytes: 1_000_000,
    ttlMs: 1_000,
    staleMs: 10_000,
    deadlineMs: 5_000,
    pack: (value) => JSON.stringify(value),
    deadlineError: () => new Error('deadline'),
    now: () => now,
    onEvent: (event) => events.push(event),
    onEvict: () => evictions++,
    ...over,
  })
  return {
    store,
    events,
    evictions: () => evictions,
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** A fetch that answers when the test says, recording the signal it was given. */
function gatedFetch<T>(value: T) {
  const signals: AbortSignal[] = []
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const fetch = vi.fn(async (signal: AbortSignal) => {
    signals.push(signal)
    await Promise.race([
      gate,
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    ])
    return value
  })
  return { fetch, signals, release }
}

const live = () => new AbortController().signal

describe('QueryStore', () => {
  it('fetches a key once for concurrent waiters, with its own signal, and keeps the answer shared', async () => {
    const { store, events } = setup()
    const { fetch, signals, release } = gatedFetch({ items: [1, 2] })
    const mine = live()
    const waits = [store.load('k', fetch, mine), store.load('k', fetch, live())]
    release()
    const [a, b] = await Promise.all(waits)
    expect(a).toBe(b)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(signals[0]).not.toBe(mine)
    expect(isShared(a)).toBe(true)
    expect(Object.isFrozen(a)).toBe(true)
    expect(await store.load('k', fetch, live())).toBe(a)
    expect(events).toEqual(['miss', 'joined', 'hit'])
  })

  it('lets one waiter leave without failing the others or stopping the fetch', async () => {
    const { store } = setup()
    const { fetch, signals, release } = gatedFetch('answer')
    const leaving = new AbortController()
    const first = store.load('k', fetch, leaving.signal)
    const second = store.load('k', fetch, live())
    leaving.abort(new Error('client disconnected'))
    await expect(first).rejects.toThrow('client disconnected')
    expect(signals[0]!.aborted).toBe(false)
    release()
    expect(await second).toBe('answer')
  })

  it('aborts the shared fetch when its last waiter leaves, and keeps nothing', async () => {
    const { store } = setup()
    const { fetch, signals } = gatedFetch('answer')
    const a = new AbortController()
    const b = new AbortController()
    const waits = [store.load('k', fetch, a.signal), store.load('k', fetch, b.signal)]
    a.abort(new Error('gone'))
    expect(signals[0]!.aborted).toBe(false)
    b.abort(new Error('gone too'))
    await Promise.allSettled(waits)
    expect(signals[0]!.aborted).toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    expect(store.size).toBe(0)
    expect(store.inFlight).toBe(0)
  })

  it('aborts a shared fetch at its deadline, whoever still waits', async () => {
    vi.useFakeTimers()
    try {
      const { store } = setup({ deadlineMs: 100 })
      const { fetch, signals } = gatedFetch('late')
      const wait = store.load('k', fetch, live())
      const failed = expect(wait).rejects.toThrow('deadline')
      await vi.advanceTimersByTimeAsync(100)
      await failed
      expect(signals[0]!.aborted).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('serves stale data at once and refreshes it in the background, then the new data', async () => {
    const { store, advance, events } = setup()
    await store.load('k', async () => 'old', live())
    advance(2_000)
    let resolveNew!: (value: string) => void
    const refresh = vi.fn(() => new Promise<string>((resolve) => (resolveNew = resolve)))
    expect(await store.load('k', refresh, live())).toBe('old')
    expect(await store.load('k', refresh, live())).toBe('old')
    expect(refresh).toHaveBeenCalledTimes(1)
    resolveNew('new')
    await new Promise((resolve) => setImmediate(resolve))
    expect(await store.load('k', refresh, live())).toBe('new')
    expect(events).toEqual(['miss', 'stale', 'stale', 'hit'])
  })

  it('serves kept data when a fetch fails (stale-if-error), and fails without any', async () => {
    const { store, advance } = setup()
    await store.load('k', async () => 'kept', live())
    advance(60_000)
    expect(await store.load('k', () => Promise.reject(new Error('down')), live())).toBe('kept')
    await expect(store.load('other', () => Promise.reject(new Error('down')), live())).rejects.toThrow('down')
    expect(store.size).toBe(1)
  })

  it('keeps no entry for an answer of nothing (an id nobody knows) and no error', async () => {
    const { store } = setup()
    expect(await store.load('place:1', async () => null, live())).toBeNull()
    expect(await store.load('place:2', async () => undefined, live())).toBeUndefined()
    await expect(store.load('place:3', () => Promise.reject(new Error('404')), live())).rejects.toThrow()
    expect(store.size).toBe(0)
    expect(store.bytes).toBe(0)
  })

  it('stays within its bound in bytes, least recently used out', async () => {
    const { store, evictions } = setup({ maxBytes: 5_000 })
    const value = (n: number) => ({ n, text: 'x'.repeat(200) })
    await store.load('a', async () => value(0), live())
    for (let n = 1; n <= 100; n++) {
      await store.load('a', async () => value(-1), live()) // used: stays
      await store.load(`k${n}`, async () => value(n), live())
      expect(store.bytes).toBeLessThanOrEqual(5_000)
    }
    expect(store.size).toBeGreaterThan(1)
    expect(evictions()).toBeGreaterThan(80)
    expect(await store.load('a', async () => value(-1), live())).toEqual(value(0))
  })

  it("gives a kept value's packed text once, and only for that very value", async () => {
    const pack = vi.fn((value: unknown) => JSON.stringify(value))
    const { store } = setup({ pack })
    const value = await store.load('k', async () => ({ a: 1 }), live())
    expect(store.packedOf('k', value)).toBe('{"a":1}')
    expect(store.packedOf('k', { a: 1 })).toBeUndefined()
    expect(store.packedOf('other', value)).toBeUndefined()
    expect(pack).toHaveBeenCalledTimes(1)
  })

  it('with a bound of 0 keeps nothing and shares nothing: each call fetches with its own signal', async () => {
    const { store } = setup({ maxBytes: 0 })
    const signals: AbortSignal[] = []
    const fetch = async (signal: AbortSignal) => {
      signals.push(signal)
      return { a: 1 }
    }
    const mine = live()
    const [a, b] = await Promise.all([store.load('k', fetch, mine), store.load('k', fetch, live())])
    expect(a).not.toBe(b)
    expect(signals[0]).toBe(mine)
    expect(isShared(a)).toBe(false)
    expect(store.size).toBe(0)
  })
})
