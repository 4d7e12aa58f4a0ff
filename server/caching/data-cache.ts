/**
 * A bounded in-process cache for anonymous gateway data (catalogue, content, promotions; never
 * anything personal), with stale-while-revalidate and stale-if-error (DESIGN.md section 5).
 * Per process: each replica warms its own (README, "Scaling").
 */

interface Entry {
  value: unknown
  storedAt: number
  refreshing: Promise<unknown> | undefined
}

export type CacheEvent = 'hit' | 'miss' | 'stale' | 'stale-error'

export interface AnonymousCacheOptions {
  /** Fresh for this long. */
  ttlMs: number
  /** Served stale (and refreshed in the background) or on error for this much longer. */
  staleMs?: number
  maxEntries: number
  now?: () => number
  onEvent?: (event: CacheEvent) => void
}

/** LRU by insertion order (a Map re-inserted on every hit). */
export class AnonymousCache {
  private readonly entries = new Map<string, Entry>()
  private readonly inflight = new Map<string, Promise<unknown>>()

  constructor(private readonly options: AnonymousCacheOptions) {}

  /** Returns the cached value or loads it; concurrent misses share one load. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.maxEntries === 0) return load()
    const now = this.now()
    const entry = this.entries.get(key)
    const staleMs = this.options.staleMs ?? this.options.ttlMs * 10
    if (entry) {
      const age = now - entry.storedAt
      this.entries.delete(key)
      this.entries.set(key, entry)
      if (age <= this.options.ttlMs) {
        this.options.onEvent?.('hit')
        return entry.value as T
      }
      if (age <= this.options.ttlMs + staleMs) {
        this.options.onEvent?.('stale')
        entry.refreshing ??= this.load(key, load)
          .catch(() => {
            this.options.onEvent?.('stale-error')
          })
          .finally(() => {
            entry.refreshing = undefined
          })
        return entry.value as T
      }
    }
    this.options.onEvent?.('miss')
    try {
      return await this.load(key, load)
    } catch (error) {
      if (entry) {
        this.options.onEvent?.('stale-error')
        return entry.value as T
      }
      throw error
    }
  }

  private load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const existing = this.inflight.get(key)
    if (existing) return existing as Promise<T>
    const promise = load()
      .then((value) => {
        this.entries.delete(key)
        this.entries.set(key, { value, storedAt: this.now(), refreshing: undefined })
        while (this.entries.size > this.options.maxEntries) {
          const oldest = this.entries.keys().next().value
          if (oldest === undefined) break
          this.entries.delete(oldest)
        }
        return value
      })
      .finally(() => this.inflight.delete(key))
    this.inflight.set(key, promise)
    return promise
  }

  /** Number of cached entries. */
  get size(): number {
    return this.entries.size
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }
}
