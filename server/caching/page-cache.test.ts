import { describe, expect, it } from 'vitest'
import { PageCache, pageCacheKey, type CachedPage, type PageCacheEvent } from './page-cache.ts'

function setup(options: { ttlMs?: number; staleMs?: number; maxEntries?: number; maxPageBytes?: number } = {}) {
  let now = 1_000_000
  const events: PageCacheEvent[] = []
  const cache = new PageCache({
    ttlMs: options.ttlMs ?? 1_000,
    staleMs: options.staleMs ?? 5_000,
    maxEntries: options.maxEntries ?? 10,
    ...(options.maxPageBytes ? { maxPageBytes: options.maxPageBytes } : {}),
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

const page = (text: string): CachedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(text),
})
const bodyOf = (found: ReturnType<PageCache['lookup']>) =>
  found.kind === 'miss' ? undefined : found.page.body.toString()

describe('PageCache', () => {
  it('answers a stored page while it is fresh', () => {
    const { cache, events, advance } = setup()
    expect(cache.lookup('k').kind).toBe('miss')
    cache.store('k', page('v1'))
    advance(1_000)
    const found = cache.lookup('k')
    expect(found.kind).toBe('hit')
    expect(bodyOf(found)).toBe('v1')
    expect(events).toEqual(['miss', 'store', 'hit'])
  })

  it('after the TTL lets one request render again and serves the stale page to the others until it stores', () => {
    const { cache, events, advance } = setup()
    cache.store('k', page('v1'))
    advance(1_001)
    expect(cache.lookup('k').kind).toBe('miss')
    const meanwhile = cache.lookup('k')
    expect(meanwhile.kind).toBe('stale')
    expect(bodyOf(meanwhile)).toBe('v1')
    cache.store('k', page('v2'))
    const after = cache.lookup('k')
    expect(after.kind).toBe('hit')
    expect(bodyOf(after)).toBe('v2')
    expect(events).toEqual(['store', 'miss', 'stale', 'store', 'hit'])
  })

  it('hands the revalidation to another request when the first one never stored', () => {
    const { cache, advance } = setup()
    cache.store('k', page('v1'))
    advance(1_001)
    expect(cache.lookup('k').kind).toBe('miss')
    advance(500)
    expect(cache.lookup('k').kind).toBe('stale')
    advance(501)
    expect(cache.lookup('k').kind).toBe('miss')
  })

  it('forgets a page older than TTL plus the stale window', () => {
    const { cache, advance } = setup()
    cache.store('k', page('v1'))
    advance(6_001)
    expect(cache.lookup('k').kind).toBe('miss')
    expect(cache.size).toBe(0)
  })

  it('keeps at most maxEntries pages, dropping the least recently used', () => {
    const { cache } = setup({ maxEntries: 2 })
    cache.store('a', page('a'))
    cache.store('b', page('b'))
    cache.lookup('a')
    cache.store('c', page('c'))
    expect(cache.size).toBe(2)
    expect(cache.lookup('b').kind).toBe('miss')
    expect(cache.lookup('a').kind).toBe('hit')
  })

  it('does not keep a page over the size bound', () => {
    const { cache } = setup({ maxPageBytes: 4 })
    cache.store('k', page('12345'))
    expect(cache.size).toBe(0)
  })

  it('is off with maxEntries 0', () => {
    const { cache, events } = setup({ maxEntries: 0 })
    expect(cache.enabled).toBe(false)
    cache.store('k', page('v1'))
    expect(cache.lookup('k').kind).toBe('miss')
    expect(events).toEqual([])
  })
})

describe('pageCacheKey', () => {
  const parts = {
    url: '/catalog/1-a?page=2',
    origin: 'https://shop.example',
    buildId: 'b1',
    bot: false,
    customerCode: false,
    incompleteProfile: false,
    ecomEnabled: false,
  }
  it('differs by every part the markup depends on', () => {
    const base = pageCacheKey(parts)
    const variants = [
      { url: '/catalog/1-a?page=3' },
      { origin: 'https://other.example' },
      { buildId: 'b2' },
      { bot: true },
      { customerCode: true },
      { incompleteProfile: true },
      { ecomEnabled: true },
    ].map((change) => pageCacheKey({ ...parts, ...change }))
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1)
  })
})

describe('PageCache renders in flight', () => {
  it('tells concurrent misses about the running render until it finishes', async () => {
    const { cache } = setup()
    expect(cache.renderingOf('k')).toBeUndefined()
    const finish = cache.begin('k')
    const running = cache.renderingOf('k')
    expect(running).toBeDefined()
    let settled = false
    void running!.then(() => {
      settled = true
    })
    cache.store('k', page('v1'))
    finish()
    await running
    expect(settled).toBe(true)
    expect(cache.renderingOf('k')).toBeUndefined()
    expect(cache.lookup('k').kind).toBe('hit')
  })

  it('keeps a newer render registered when an older one finishes late', () => {
    const { cache } = setup()
    const first = cache.begin('k')
    cache.begin('k')
    first()
    expect(cache.renderingOf('k')).toBeDefined()
  })
})
