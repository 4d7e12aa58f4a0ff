import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cache } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import {
  PREFETCH_BACKOFF_BASE_MS,
  PREFETCH_BACKOFF_MAX_MS,
  prefetchPaused,
  prefetchRoute,
  pendingPreloads,
  resetPrefetch,
  type PrefetchContext,
} from './preload-queue.ts'

/** A prefetch context whose API client answers every call with `answer`. */
function context(
  answer: () => Promise<unknown>,
): PrefetchContext & { calls: () => number; endpoints: (from?: number) => string[] } {
  const call = vi.fn(answer)
  return {
    api: { call } as unknown as ApiClient,
    cache: new Map() as unknown as Cache,
    mainSiteUrl: 'https://aurora.example',
    product: 'aurora',
    session: { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false },
    calls: () => call.mock.calls.length,
    /** The endpoints asked for, from the `from`-th call on. */
    endpoints: (from = 0) => call.mock.calls.slice(from).map((args) => (args as unknown as [{ name: string }])[0].name),
  }
}

const outage = () => Promise.reject(new Error('gateway answered 503'))
/** Lets the page-data module resolve and the queued fetches settle (real timers: only Date is faked). */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 5 || pendingPreloads() > 0; tick++) {
    if (tick > 400) throw new Error('prefetches did not settle')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
const products = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `/product/${from + index}-goods`)

describe('prefetch backoff', () => {
  // The product route's page data, loaded once so each prefetch finds it at once.
  beforeAll(() => import('#shared/routes/product.ts'))
  beforeEach(() => {
    vi.stubGlobal('navigator', {})
    vi.useFakeTimers({ toFake: ['Date'] })
    resetPrefetch()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    resetPrefetch()
  })

  it('stops firing at a failing backend: the queue is dropped after the first failure', async () => {
    const ctx = context(outage)
    for (const path of products(1, 10)) prefetchRoute(path, ctx)
    await settle()
    // Ten product links queue four queries each (40 calls without the backoff); only the batch
    // already in flight when the first one failed went out (the goods query asks for the category
    // tree beside the goods, once: a failed tree is not asked for again within the minute).
    expect(ctx.calls()).toBeGreaterThan(0)
    expect(ctx.calls()).toBeLessThanOrEqual(5)
    expect(prefetchPaused()).toBe(true)

    const before = ctx.calls()
    for (const path of products(100, 10)) prefetchRoute(path, ctx)
    await settle()
    expect(ctx.calls()).toBe(before)
  })

  it('resumes after the pause, and the pause doubles with each failure in a row up to the maximum', async () => {
    const ctx = context(outage)
    prefetchRoute('/product/1-goods', ctx)
    await settle()
    vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_BASE_MS - 1)
    expect(prefetchPaused()).toBe(true)
    vi.setSystemTime(Date.now() + 2)
    expect(prefetchPaused()).toBe(false)

    prefetchRoute('/product/2-goods', ctx)
    await settle()
    // The second failure in a row pauses twice as long.
    vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_BASE_MS + 1)
    expect(prefetchPaused()).toBe(true)
    vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_BASE_MS)
    expect(prefetchPaused()).toBe(false)

    for (let round = 3; round < 12; round++) {
      prefetchRoute(`/product/${round}-goods`, ctx)
      await settle()
      vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_MAX_MS + 1)
      expect(prefetchPaused()).toBe(false)
    }
  })

  it('a success ends the streak, and intent prefetches even while paused', async () => {
    let failing = true
    const ctx = context(() => (failing ? outage() : Promise.resolve({})))
    prefetchRoute('/product/1-goods', ctx)
    await settle()
    expect(prefetchPaused()).toBe(true)

    failing = false
    const before = ctx.calls()
    prefetchRoute('/product/2-goods', ctx, { intent: true })
    await settle()
    // The product's four queries; the category tree beside them only if the failed batch had not asked
    // for it yet (how far that batch got before its first failure is a matter of timing).
    const asked = ctx.endpoints(before).filter((name) => name !== 'categories.store')
    expect(asked.sort()).toEqual(['goods.get', 'reviews.list', 'reviews.media', 'reviews.scores'])

    // After the pause the streak starts again from the base delay.
    vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_BASE_MS + 1)
    failing = true
    prefetchRoute('/product/3-goods', ctx)
    await settle()
    vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_BASE_MS + 1)
    expect(prefetchPaused()).toBe(false)
  })

  it('a failed path is prefetched again later', async () => {
    let failing = true
    const ctx = context(() => (failing ? outage() : Promise.resolve({})))
    prefetchRoute('/product/1-goods', ctx)
    await settle()
    const before = ctx.calls()
    failing = false
    vi.setSystemTime(Date.now() + PREFETCH_BACKOFF_BASE_MS + 1)
    prefetchRoute('/product/1-goods', ctx)
    await settle()
    expect(ctx.calls()).toBeGreaterThan(before)
  })
})

describe('prefetch in idle time', () => {
  beforeAll(() => import('#shared/routes/product.ts'))
  beforeEach(() => {
    vi.stubGlobal('navigator', {})
    resetPrefetch()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    resetPrefetch()
  })

  /** Waits a few real tasks: enough for the route module and any started fetch to be asked for. */
  const tasks = async (count = 20) => {
    for (let index = 0; index < count; index++) await new Promise((resolve) => setTimeout(resolve, 2))
  }

  it("waits for idle time (1 s at the latest) before a link's prefetch, and not for the shopper's intent", async () => {
    const idle: { run: () => void; options: unknown }[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: unknown) => idle.push({ run, options }))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const ctx = context(() => Promise.resolve({}))

    prefetchRoute('/product/1-goods', ctx)
    await tasks()
    expect(ctx.calls()).toBe(0)
    expect(idle.length).toBeGreaterThan(0)
    expect(idle.every((call) => JSON.stringify(call.options) === JSON.stringify({ timeout: 1_000 }))).toBe(true)
    // Each idle period lets the prefetches take their next step, until their fetches are out.
    // The product route's four queries make five calls: the goods query asks for the category tree too.
    for (let round = 0; round < 10 && ctx.calls() < 5; round++) {
      for (const call of idle.splice(0)) call.run()
      await tasks()
    }
    expect(ctx.calls()).toBe(5)

    const intent = context(() => Promise.resolve({}))
    prefetchRoute('/product/2-goods', intent, { intent: true })
    await tasks()
    expect(intent.calls()).toBeGreaterThan(0)
  })

  it('holds a link’s prefetch that was waiting for idle time when a navigation began, until it is followed', async () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const root = { dataset: {} as Record<string, string> }
    vi.stubGlobal('document', { documentElement: root })
    const ctx = context(() => Promise.resolve({}))
    prefetchRoute('/product/1-goods', ctx)
    await tasks()
    expect(idle.length).toBeGreaterThan(0)
    // The shopper taps another link: the navigation marks the document while it waits.
    root.dataset.navigating = ''
    for (let round = 0; round < 10; round++) {
      for (const run of idle.splice(0)) run()
      await tasks()
    }
    expect(ctx.calls()).toBe(0)
    // The navigation is followed: the held prefetches go out.
    delete root.dataset.navigating
    for (let round = 0; round < 20 && ctx.calls() < 5; round++) {
      for (const run of idle.splice(0)) run()
      await tasks(80)
    }
    expect(ctx.calls()).toBe(5)
  })

  it('drops a held prefetch whose link left with the page the navigation replaced, and asks again later', async () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const root = { dataset: {} as Record<string, string> }
    const links = new Set(['/product/1-goods'])
    const selectors: string[] = []
    const querySelector = (selector: string) => {
      selectors.push(selector)
      return [...links].some((href) => selector === `a[href="${href}"]`) ? {} : null
    }
    vi.stubGlobal('document', { documentElement: root, querySelector })
    const ctx = context(() => Promise.resolve({}))
    prefetchRoute('/product/1-goods', ctx)
    await tasks()
    root.dataset.navigating = ''
    for (let round = 0; round < 10; round++) {
      for (const run of idle.splice(0)) run()
      await tasks()
    }
    // The new page is on screen without the link.
    links.clear()
    delete root.dataset.navigating
    for (let round = 0; round < 20; round++) {
      for (const run of idle.splice(0)) run()
      await tasks(20)
    }
    expect(selectors).toContain('a[href="/product/1-goods"]')
    expect(ctx.calls()).toBe(0)
    // Back: the link is in view again and its prefetch goes out.
    links.add('/product/1-goods')
    prefetchRoute('/product/1-goods', ctx)
    for (let round = 0; round < 20 && ctx.calls() < 5; round++) {
      for (const run of idle.splice(0)) run()
      await tasks(80)
    }
    expect(ctx.calls()).toBe(5)
  })
})
