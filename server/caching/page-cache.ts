/**
 * A bounded in-process cache of rendered anonymous pages (DESIGN.md section 5): the whole HTML of a
 * 200 answer that is neither personal nor sets a cookie, keyed by everything the markup depends on
 * (`pageCacheKey`). Fresh for `ttlMs`; then stale for `staleMs` more, during which the first request
 * renders the page again (and replaces the entry) while every other request is answered the stale copy
 * at once: stale-while-revalidate without a thundering herd of renders. Per process (README, "Scaling").
 */

/** A stored answer: what `renderPage` would send again. */
export interface CachedPage {
  status: number
  headers: Readonly<Record<string, string>>
  body: Buffer
}

export type PageCacheEvent = 'hit' | 'stale' | 'miss' | 'store'

/** What a lookup found: serve `page` (fresh or stale), or render (`miss`, also the one revalidating request). */
export type PageLookup = { kind: 'hit' | 'stale'; page: CachedPage } | { kind: 'miss' }

export interface PageCacheOptions {
  /** Fresh for this long. */
  ttlMs: number
  /** Served stale for this much longer while one request renders a fresh copy. */
  staleMs: number
  /** 0 turns the cache off. */
  maxEntries: number
  /** Pages larger than this are not kept (bounds memory at maxEntries × maxPageBytes). */
  maxPageBytes?: number
  now?: () => number
  onEvent?: (event: PageCacheEvent) => void
}

interface Entry {
  page: CachedPage
  storedAt: number
  /** When a request took the job of rendering a fresh copy; others keep getting the stale one meanwhile. */
  revalidatingSince: number | undefined
}

/** Default bound on one stored page. */
export const MAX_PAGE_BYTES = 512 * 1024

/** LRU by insertion order (a Map re-inserted on every hit), like the anonymous data cache. */
export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private readonly rendering = new Map<string, Promise<void>>()

  constructor(private readonly options: PageCacheOptions) {}

  /** Whether the cache is on at all. */
  get enabled(): boolean {
    return this.options.maxEntries > 0
  }

  /** Looks a page up; a stale entry is served unless nobody is refreshing it yet (then this caller must). */
  lookup(key: string): PageLookup {
    if (!this.enabled) return { kind: 'miss' }
    const entry = this.entries.get(key)
    if (!entry) {
      this.options.onEvent?.('miss')
      return { kind: 'miss' }
    }
    const now = this.now()
    const age = now - entry.storedAt
    if (age <= this.options.ttlMs) {
      this.entries.delete(key)
      this.entries.set(key, entry)
      this.options.onEvent?.('hit')
      return { kind: 'hit', page: entry.page }
    }
    if (age > this.options.ttlMs + this.options.staleMs) {
      this.entries.delete(key)
      this.options.onEvent?.('miss')
      return { kind: 'miss' }
    }
    // A revalidating render that never stored (it failed, or turned personal) gives the job up after a TTL.
    if (entry.revalidatingSince !== undefined && now - entry.revalidatingSince <= this.options.ttlMs) {
      this.options.onEvent?.('stale')
      return { kind: 'stale', page: entry.page }
    }
    entry.revalidatingSince = now
    this.options.onEvent?.('miss')
    return { kind: 'miss' }
  }

  /** Keeps a rendered page (the caller decided it is anonymous and cacheable). */
  store(key: string, page: CachedPage): void {
    if (!this.enabled || page.body.length > (this.options.maxPageBytes ?? MAX_PAGE_BYTES)) return
    this.entries.delete(key)
    this.entries.set(key, { page, storedAt: this.now(), revalidatingSince: undefined })
    this.options.onEvent?.('store')
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  /**
   * Marks a render of `key` as running; concurrent misses of the same page wait for it (`rendering`)
   * instead of rendering it too. Call the returned function once the render's answer is finished.
   */
  begin(key: string): () => void {
    let finish!: () => void
    const done = new Promise<void>((resolve) => {
      finish = resolve
    })
    this.rendering.set(key, done)
    return () => {
      if (this.rendering.get(key) === done) this.rendering.delete(key)
      finish()
    }
  }

  /** The running render of `key`, if any (settles when it finished, stored or not). */
  renderingOf(key: string): Promise<void> | undefined {
    return this.rendering.get(key)
  }

  /** Number of stored pages. */
  get size(): number {
    return this.entries.size
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }
}

/** What the markup of an anonymous page depends on besides its URL. */
export interface PageKeyParts {
  /** Path and query exactly as requested. */
  url: string
  /** The public origin (canonical and OG URLs are absolute). */
  origin: string
  /** The build id (asset URLs, the boot data's version). */
  buildId: string
  /** Crawlers get the whole document at once, people a streamed one (different bytes). */
  bot: boolean
  /** The anonymous session state the routing rules and the boot data read. */
  customerCode: boolean
  incompleteProfile: boolean
  ecomEnabled: boolean
}

/** The cache key of an anonymous page. */
export const pageCacheKey = (parts: PageKeyParts): string =>
  [
    parts.buildId,
    parts.origin,
    parts.bot ? 'bot' : 'person',
    parts.customerCode ? 'c' : '-',
    parts.incompleteProfile ? 'i' : '-',
    parts.ecomEnabled ? 'e' : '-',
    parts.url,
  ].join(' ')
