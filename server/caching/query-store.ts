/**
 * The server's one store of anonymous query data (decision 025; TanStack Query's model on the server).
 * Keyed by the query's serialized key, an entry holds the query's data (the answer as the page uses it,
 * checked and shaped once) and, made on first use, its packed data-block text. Every entry's value is
 * marked shared (`markShared`): frozen, so every request may use the very same objects.
 *
 * - **Each key is fetched once**, with the store's own `AbortController` and deadline, never a visitor's
 *   signal. Each waiter races its own signal: a visitor who leaves stops waiting, and the fetch is
 *   aborted only when its last waiter has left (or its deadline passes). A refresh in the background
 *   (stale data served) has no waiter and runs to its deadline.
 * - **Fresh** for `ttlMs`, then **stale** for `staleMs`: served at once and refreshed in the background;
 *   served on a fetch error (stale-if-error) while the entry is still kept.
 * - **One bound in bytes** for the whole store, least recently used out. An entry's size is an estimate:
 *   its packed text's length, counted for the text and again for the objects behind it, plus its key.
 * - **Nothing is not kept**: a fetch that answers null or undefined (an id the catalogue does not know)
 *   is handed to its waiters and forgotten, so invented URLs add no entries. Errors are never kept.
 * - `maxBytes` 0 turns the store off: every call fetches with the caller's own signal, nothing is shared.
 */
import { markShared } from '#shared/shared-mark.ts'

/** What a lookup came to, for the metrics. */
export type QueryStoreEvent = 'hit' | 'stale' | 'miss' | 'joined' | 'stale-error'

export interface QueryStoreOptions {
  /** The bound of the whole store in bytes (estimated); 0 turns the store off. */
  maxBytes: number
  /** Fresh for this long. */
  ttlMs: number
  /** Then served stale (refreshed in the background), and on a fetch error, for this much longer. */
  staleMs: number
  /** A shared fetch is aborted after this long, whoever waits for it. */
  deadlineMs: number
  /** The data-block text of one value (packed and serialized); its length sizes the entry. */
  pack: (value: unknown) => string
  /** Called with the reason of a shared fetch's deadline. */
  deadlineError: () => Error
  now?: () => number
  onEvent?: (event: QueryStoreEvent) => void
  /** Called for each entry pushed out to stay within `maxBytes`. */
  onEvict?: () => void
  /** Called whenever the store's size changes. */
  onSize?: (bytes: number, entries: number) => void
}

interface Entry {
  value: unknown
  storedAt: number
  bytes: number
  packed: string
  /** A background refresh is running. */
  refreshing: boolean
}

interface Flight {
  controller: AbortController
  promise: Promise<unknown>
  waiters: number
}

/** Bytes of an entry's bookkeeping besides its text and value (the Map slot, the entry object). */
const ENTRY_OVERHEAD = 200

/** Anonymous query data shared by every request, each key fetched once (decision 025). */
export class QueryStore {
  private readonly entries = new Map<string, Entry>()
  private readonly flights = new Map<string, Flight>()
  private total = 0

  constructor(private readonly options: QueryStoreOptions) {}

  /** Whether the store keeps and shares anything (`maxBytes` > 0). */
  get enabled(): boolean {
    return this.options.maxBytes > 0
  }

  /** Estimated bytes kept now. */
  get bytes(): number {
    return this.total
  }

  /** Entries kept now. */
  get size(): number {
    return this.entries.size
  }

  /** Fetches in flight now. */
  get inFlight(): number {
    return this.flights.size
  }

  /** The bound in bytes. */
  get maxBytes(): number {
    return this.options.maxBytes
  }

  /**
   * The data of `key`: kept, or fetched once for every waiter. `fetch` gets the store's signal, not
   * the caller's; the caller's `signal` only ends its own wait (rejecting with the signal's reason).
   */
  async load<T>(key: string, fetch: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    if (!this.enabled) return fetch(signal)
    const entry = this.entries.get(key)
    if (entry) {
      const age = this.now() - entry.storedAt
      if (age <= this.options.ttlMs) {
        this.touch(key, entry)
        this.options.onEvent?.('hit')
        return entry.value as T
      }
      if (age <= this.options.ttlMs + this.options.staleMs) {
        this.touch(key, entry)
        this.options.onEvent?.('stale')
        if (!entry.refreshing) {
          entry.refreshing = true
          this.flight(key, fetch).promise.then(
            () => undefined,
            () => this.options.onEvent?.('stale-error'),
          )
        }
        return entry.value as T
      }
    }
    const joined = this.flights.has(key)
    this.options.onEvent?.(joined ? 'joined' : 'miss')
    try {
      return (await this.wait(this.flight(key, fetch), signal)) as T
    } catch (error) {
      // Stale-if-error: an entry past its stale time is still better than an error page.
      const kept = this.entries.get(key)
      if (kept && !signal.aborted) {
        this.options.onEvent?.('stale-error')
        return kept.value as T
      }
      throw error
    }
  }

  /**
   * The packed data-block text of `key` when its entry holds this very `value`, made once per entry;
   * undefined otherwise (the caller packs the value itself).
   */
  packedOf(key: string, value: unknown): string | undefined {
    const entry = this.entries.get(key)
    return entry && entry.value === value ? entry.packed : undefined
  }

  /** The fetch in flight for `key`, or a new one with its own controller and deadline. */
  private flight(key: string, fetch: (signal: AbortSignal) => Promise<unknown>): Flight {
    const running = this.flights.get(key)
    if (running) return running
    const controller = new AbortController()
    const deadline = setTimeout(() => controller.abort(this.options.deadlineError()), this.options.deadlineMs)
    const flight: Flight = { controller, waiters: 0, promise: Promise.resolve() }
    flight.promise = fetch(controller.signal)
      .then((value) => {
        this.keep(key, value)
        return value
      })
      .finally(() => {
        clearTimeout(deadline)
        this.flights.delete(key)
        const entry = this.entries.get(key)
        if (entry) entry.refreshing = false
      })
    this.flights.set(key, flight)
    return flight
  }

  /** Waits for `flight` until `signal` aborts; the last waiter to leave aborts the flight. */
  private wait(flight: Flight, signal: AbortSignal): Promise<unknown> {
    if (signal.aborted) return Promise.reject(signal.reason)
    flight.waiters++
    return new Promise((resolve, reject) => {
      let waiting = true
      const leave = () => {
        if (!waiting) return false
        waiting = false
        flight.waiters--
        signal.removeEventListener('abort', onAbort)
        return true
      }
      const onAbort = () => {
        if (!leave()) return
        if (flight.waiters === 0) flight.controller.abort(signal.reason)
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      flight.promise.then(
        (value) => leave() && resolve(value),
        (error: unknown) => leave() && reject(error),
      )
    })
  }

  private keep(key: string, value: unknown): void {
    this.remove(key)
    if (value === null || value === undefined) return
    const packed = this.options.pack(value)
    const bytes = 4 * packed.length + 2 * key.length + ENTRY_OVERHEAD
    if (bytes > this.options.maxBytes) return this.changed()
    this.entries.set(key, { value: markShared(value), storedAt: this.now(), bytes, packed, refreshing: false })
    this.total += bytes
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.options.maxBytes) break
      this.remove(oldest)
      this.options.onEvict?.()
    }
    this.changed()
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.total -= entry.bytes
  }

  /** Least recently used order: a used entry goes to the end. */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key)
    this.entries.set(key, entry)
  }

  private changed(): void {
    this.options.onSize?.(this.total, this.entries.size)
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }
}
