/**
 * The goal-event tracker: adds a timestamp to each event, batches events and posts them to the
 * storefront (`/analytics/collect`), which forwards them to the counter (so the CSP stays
 * `script-src 'self'`). Sends only when a counter id is configured; with the debug key set in
 * local storage every event is also logged with console.info, counter or not.
 */
import { STORAGE } from '#shared/cookies.ts'
import { hasUserAgreement } from '#client/lib/user-agreement.ts'
import type { AnalyticsEventName } from './events.ts'
import { mergeParams, type AnalyticsParams, type AnalyticsValue } from './params.ts'
import { ANALYTICS_HELD_MAX } from './limits.ts'

/** Where batches go (a storefront route). */
export const ANALYTICS_ENDPOINT = '/analytics/collect'
/** A batch waits this long for more events. */
export const ANALYTICS_FLUSH_MS = 1_000
/** A batch is sent at once when it holds this many events. */
export const ANALYTICS_BATCH_MAX = 20
export { ANALYTICS_HELD_MAX }

/** One goal event as sent. */
export interface AnalyticsEvent {
  name: AnalyticsEventName
  params: Record<string, AnalyticsValue>
  /** Milliseconds since the epoch, when `track` was called. */
  timestamp: number
}

/** The body posted to `ANALYTICS_ENDPOINT`. */
export interface AnalyticsBatch {
  counterId: string
  userUuid: string
  events: AnalyticsEvent[]
}

/** What the tracker needs from its environment (the browser's by default; fakes in tests). */
export interface TrackerDeps {
  counterId: string | undefined
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  /** Posts one JSON body. */
  send: (url: string, body: string) => void
  now: () => number
  randomUUID: () => string
  debugLog: (...args: unknown[]) => void
  setTimer: (fn: () => void, ms: number) => unknown
  clearTimer: (handle: unknown) => void
  /** Whether the shopper accepted cookies; until then nothing leaves the page. */
  consented: () => boolean
  /** Params added to every event of a name (the chosen store on product events); optional. */
  context?: (name: AnalyticsEventName) => AnalyticsParams | undefined
}

/** Tracks goal events for one browser page. */
export class Tracker {
  private queue: AnalyticsEvent[] = []
  /** Events tracked before consent: kept in memory for this page only, sent once consent is given. */
  private held: AnalyticsEvent[] = []
  private timer: unknown
  private uuid: string | undefined

  constructor(private readonly deps: TrackerDeps) {}

  /** Whether events are sent (a counter id is configured). */
  get enabled(): boolean {
    return Boolean(this.deps.counterId)
  }

  /** Records a goal event (that happened at `at`, by default now); never throws. */
  track = (name: AnalyticsEventName, params?: AnalyticsParams, at?: number): void => {
    try {
      const event: AnalyticsEvent = {
        name,
        params: mergeParams(this.deps.context?.(name), params),
        timestamp: at ?? this.deps.now(),
      }
      if (this.debug())
        this.deps.debugLog('[analytics]', name, event.params, this.enabled ? '' : '(no counter id: not sent)')
      if (!this.enabled) return
      if (!this.deps.consented()) {
        this.held.push(event)
        if (this.held.length > ANALYTICS_HELD_MAX) this.held.shift()
        return
      }
      if (this.held.length > 0) {
        this.queue.push(...this.held)
        this.held = []
      }
      this.queue.push(event)
      if (this.queue.length >= ANALYTICS_BATCH_MAX) this.flush()
      else if (this.timer === undefined) this.timer = this.deps.setTimer(() => this.flush(), ANALYTICS_FLUSH_MS)
    } catch {
      // Analytics must never break the page.
    }
  }

  /** Sends the queued events now (also called when the page is hidden). */
  flush = (): void => {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer)
    this.timer = undefined
    if (this.queue.length === 0 || !this.deps.counterId) return
    const events = this.queue
    this.queue = []
    // Held events join the queue at consent, so one flush may carry more than a batch.
    for (let start = 0; start < events.length; start += ANALYTICS_BATCH_MAX) {
      const batch: AnalyticsBatch = {
        counterId: this.deps.counterId,
        userUuid: this.userUuid(),
        events: events.slice(start, start + ANALYTICS_BATCH_MAX),
      }
      try {
        this.deps.send(ANALYTICS_ENDPOINT, JSON.stringify(batch))
      } catch {
        // A failed beacon is dropped: analytics is best effort.
      }
    }
  }

  /** The anonymous user uuid kept on the device (made on first use). */
  userUuid = (): string => {
    if (this.uuid) return this.uuid
    let stored: string | null
    try {
      stored = this.deps.storage?.getItem(STORAGE.userUuid) ?? null
    } catch {
      stored = null
    }
    this.uuid = stored || this.deps.randomUUID()
    if (!stored) {
      try {
        this.deps.storage?.setItem(STORAGE.userUuid, this.uuid)
      } catch {
        // Storage may be full or blocked; the uuid then lives for this page only.
      }
    }
    return this.uuid
  }

  private debug(): boolean {
    try {
      return this.deps.storage?.getItem(STORAGE.analyticsDebug) === '1'
    } catch {
      return false
    }
  }
}

/** A v4 uuid (crypto.randomUUID needs a secure context; plain-http hosts get the manual form). */
export function makeUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Posts with `navigator.sendBeacon`, falling back to `fetch(..., { keepalive: true })`. */
export function beaconSend(url: string, body: string): void {
  const blob = new Blob([body], { type: 'application/json' })
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => {})
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The chosen store's fields of spec section 3 as the device keeps them (code, name, city, street
 * address; the store id is its code). A store saved before the name was kept has no `store_name`.
 */
export function chosenStoreParams(storage: Pick<Storage, 'getItem'> | undefined): AnalyticsParams | undefined {
  try {
    const code = storage?.getItem(STORAGE.shopCode)
    if (!code) return undefined
    const city = (JSON.parse(storage?.getItem(STORAGE.shopCity) ?? 'null') as { name?: string } | null)?.name
    return {
      store_id: code,
      store_code: code,
      store_name: storage?.getItem(STORAGE.shopName) ?? undefined,
      store_city: city,
      store_address: storage?.getItem(STORAGE.shopAddress) ?? undefined,
    }
  } catch {
    return undefined
  }
}

const browserTrackers = new Map<string, Tracker>()

/**
 * The browser's tracker for a counter id (one per page and counter). Must only be called in the
 * browser (effects, event handlers); the server never tracks.
 */
export function browserTracker(counterId: string | undefined): Tracker {
  const key = counterId ?? ''
  let tracker = browserTrackers.get(key)
  if (!tracker) {
    tracker = new Tracker({
      counterId,
      storage: safeLocalStorage(),
      send: beaconSend,
      now: () => Date.now(),
      randomUUID: makeUuid,
      debugLog: (...args) => console.info(...args),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      consented: () => hasUserAgreement(document.cookie),
      context: (name) => (name.startsWith('product_') ? chosenStoreParams(safeLocalStorage()) : undefined),
    })
    const flush = tracker.flush
    // Batches must leave before the page goes away (tab switch, navigation, close).
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush()
    })
    browserTrackers.set(key, tracker)
  }
  return tracker
}
