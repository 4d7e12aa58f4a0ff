import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE } from '#shared/cookies.ts'
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_ENDPOINT,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_HELD_MAX,
  chosenStoreParams,
  makeUuid,
  Tracker,
  type AnalyticsBatch,
  type TrackerDeps,
} from './tracker.ts'
import { ANALYTICS_EVENTS, isAnalyticsEventName } from './events.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  }
}

function makeTracker(overrides: Partial<TrackerDeps> = {}) {
  const sent: Array<{ url: string; batch: AnalyticsBatch }> = []
  const logs: unknown[][] = []
  const storage = memoryStorage()
  const tracker = new Tracker({
    counterId: '12345',
    storage,
    send: (url, body) => sent.push({ url, batch: JSON.parse(body) as AnalyticsBatch }),
    now: () => Date.now(),
    randomUUID: () => 'uuid-1',
    debugLog: (...args) => logs.push(args),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    consented: () => true,
    ...overrides,
  })
  return { tracker, sent, logs, storage }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('Tracker', () => {
  it('sends a batch with the counter id, the user uuid and timestamped events after the flush delay', () => {
    const { tracker, sent } = makeTracker()
    tracker.track('cookies_view')
    tracker.track('cookies_accept_click', { source: 'banner' })
    expect(sent).toEqual([])
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS)
    expect(sent).toEqual([
      {
        url: ANALYTICS_ENDPOINT,
        batch: {
          counterId: '12345',
          userUuid: 'uuid-1',
          events: [
            { name: 'cookies_view', params: {}, timestamp: Date.parse('2026-11-21T12:00:00Z') },
            {
              name: 'cookies_accept_click',
              params: { source: 'banner' },
              timestamp: Date.parse('2026-11-21T12:00:00Z'),
            },
          ],
        },
      },
    ])
  })

  it('keeps the time an event happened when it is recorded later (events tracked before its code loaded)', () => {
    const { tracker, sent } = makeTracker()
    const happened = Date.parse('2026-11-21T11:59:58Z')
    tracker.track('page_view', { route: 'main' }, happened)
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS)
    expect(sent[0]!.batch.events[0]!.timestamp).toBe(happened)
  })

  it('sends nothing when no counter id is configured', () => {
    const { tracker, sent } = makeTracker({ counterId: undefined })
    tracker.track('cookies_view')
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS * 5)
    tracker.flush()
    expect(sent).toEqual([])
  })

  it('sends at once when the batch is full', () => {
    const { tracker, sent } = makeTracker()
    for (let i = 0; i < ANALYTICS_BATCH_MAX; i++) tracker.track('product_card_click', { position: i + 1 })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.batch.events).toHaveLength(ANALYTICS_BATCH_MAX)
  })

  it('drops undefined params and keeps null ones', () => {
    const { tracker, sent } = makeTracker()
    tracker.track('product_view', { product_id: '7', old_price: null, list: undefined })
    tracker.flush()
    expect(sent[0]!.batch.events[0]!.params).toEqual({ product_id: '7', old_price: null })
  })

  it('keeps the user uuid on the device and reuses a stored one', () => {
    const first = makeTracker()
    expect(first.tracker.userUuid()).toBe('uuid-1')
    expect(first.storage.data.get(STORAGE.userUuid)).toBe('uuid-1')
    const storage = memoryStorage({ [STORAGE.userUuid]: 'stored-uuid' })
    const second = makeTracker({ storage, randomUUID: () => 'never' })
    expect(second.tracker.userUuid()).toBe('stored-uuid')
  })

  it('logs every event when the debug key is set, even without a counter id', () => {
    const storage = memoryStorage({ [STORAGE.analyticsDebug]: '1' })
    const { tracker, logs, sent } = makeTracker({ counterId: undefined, storage })
    tracker.track('error404_view', { status: 404 })
    expect(logs).toHaveLength(1)
    expect(logs[0]!.slice(0, 3)).toEqual(['[analytics]', 'error404_view', { status: 404 }])
    expect(sent).toEqual([])
  })

  it('logs nothing without the debug key', () => {
    const { tracker, logs } = makeTracker()
    tracker.track('error404_view')
    expect(logs).toEqual([])
  })

  it('never throws when storage or the transport fail', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    const { tracker } = makeTracker({
      storage: broken,
      send: () => {
        throw new Error('offline')
      },
    })
    expect(() => {
      tracker.track('cookies_view')
      tracker.flush()
    }).not.toThrow()
  })
})

describe('Tracker before cookie consent', () => {
  it('sends nothing until consent, then sends the held events of the page before the new one', () => {
    let consent = false
    const { tracker, sent } = makeTracker({ consented: () => consent })
    tracker.track('cookies_view')
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS * 5)
    tracker.flush()
    expect(sent).toEqual([])
    consent = true
    tracker.track('cookies_accept_click')
    tracker.flush()
    expect(sent.flatMap((s) => s.batch.events.map((e) => e.name))).toEqual(['cookies_view', 'cookies_accept_click'])
  })

  it('holds at most ANALYTICS_HELD_MAX events and splits what it sends into batches', () => {
    let consent = false
    const { tracker, sent } = makeTracker({ consented: () => consent })
    for (let i = 0; i < ANALYTICS_HELD_MAX + 5; i++) tracker.track('product_card_click', { position: i + 1 })
    consent = true
    tracker.track('cookies_accept_click')
    tracker.flush()
    const events = sent.flatMap((s) => s.batch.events)
    expect(events).toHaveLength(ANALYTICS_HELD_MAX + 1)
    expect(events[0]!.params).toEqual({ position: 6 })
    expect(sent.every((s) => s.batch.events.length <= ANALYTICS_BATCH_MAX)).toBe(true)
  })

  it('adds the context params of the event name', () => {
    const { tracker, sent } = makeTracker({
      context: (name) => (name === 'product_view' ? { store_code: 'MSK-001' } : undefined),
    })
    tracker.track('product_view', { product_id: '7' })
    tracker.track('cookies_view')
    tracker.flush()
    expect(sent[0]!.batch.events.map((e) => e.params)).toEqual([{ store_code: 'MSK-001', product_id: '7' }, {}])
  })
})

describe('chosenStoreParams', () => {
  it('reads the chosen store from the device, with its name (spec section 3)', () => {
    const storage = memoryStorage({
      'shop.code': 'AU-KZN-001',
      'shop.name': 'Аврора, ул. Баумана',
      'shop.city': '{"fiasId":"x","name":"Казань"}',
      'shop.address': 'ул. Баумана, 1',
    })
    expect(chosenStoreParams(storage)).toStrictEqual({
      store_id: 'AU-KZN-001',
      store_code: 'AU-KZN-001',
      store_name: 'Аврора, ул. Баумана',
      store_city: 'Казань',
      store_address: 'ул. Баумана, 1',
    })
    expect(chosenStoreParams(memoryStorage())).toBeUndefined()
  })
})

describe('makeUuid', () => {
  it('makes a v4 uuid', () => {
    expect(makeUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('ANALYTICS_EVENTS', () => {
  it.each([
    'cookies_view',
    'cookies_accept_click',
    'socials_vk',
    'socials_telegram',
    'socials_ok',
    'error404_view',
    'error404_toPromo_click',
    'error500_view',
    'error500_refresh_click',
  ])('lists %s', (name) => {
    expect(isAnalyticsEventName(name)).toBe(true)
  })

  it.each(['feedback_', 'footerLinks_', 'toProfile_', 'security_', 'product_', 'store_'])(
    'has events of the %s family',
    (prefix) => {
      expect(Object.keys(ANALYTICS_EVENTS).some((name) => name.startsWith(prefix))).toBe(true)
    },
  )

  it('does not accept unknown names', () => {
    expect(isAnalyticsEventName('toString')).toBe(false)
    expect(isAnalyticsEventName('made_up')).toBe(false)
  })
})
