import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { prefetchInView } from './prefetch-link.tsx'

/** IntersectionObserver stand-in: every instance made, what each observes, and a way to show elements. */
class FakeObserver {
  static made: FakeObserver[] = []
  /** The last one made: the module keeps one observer for all its tests. */
  static latest: FakeObserver | undefined
  readonly observed = new Set<Element>()
  constructor(readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    FakeObserver.made.push(this)
    FakeObserver.latest = this
  }
  observe(element: Element) {
    this.observed.add(element)
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  show(...elements: Element[]) {
    this.callback(elements.map((target) => ({ target, isIntersecting: true })))
  }
}

describe('prefetchInView', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeObserver.made = []
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.stubGlobal('navigator', {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('watches the links that mount together with one timer and one observer, after the delay, in idle time', async () => {
    const links = [0, 1, 2].map((index) => ({ index }) as unknown as Element)
    const started: Element[] = []
    const lookups = vi.fn(() => [links[2]!])
    const stop = [
      prefetchInView(
        () => [links[0]!],
        (element) => started.push(element),
      ),
      prefetchInView(
        () => [links[1]!],
        (element) => started.push(element),
      ),
      prefetchInView(lookups, (element) => started.push(element)),
    ]
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(PRELOAD_DELAY_MS - 1)
    expect(FakeObserver.made).toHaveLength(0)
    expect(lookups).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    await vi.dynamicImportSettled()
    // The delay has passed; the elements are looked up and observed once the thread is idle.
    expect(FakeObserver.made).toHaveLength(0)
    vi.advanceTimersByTime(100)
    expect(FakeObserver.made).toHaveLength(1)
    const observer = FakeObserver.made[0]!
    expect([...observer.observed]).toEqual(links)
    observer.show(links[1]!)
    expect(observer.observed.has(links[1]!)).toBe(false)
    // A link on screen starts its prefetch in idle time too.
    expect(started).toEqual([])
    vi.advanceTimersByTime(100)
    expect(started).toEqual([links[1]])
    // A link that unmounts is no longer watched and never starts.
    stop[0]?.()
    expect(observer.observed.has(links[0]!)).toBe(false)
    observer.show(links[0]!)
    vi.advanceTimersByTime(100)
    expect(started).toEqual([links[1]])
    for (const cleanup of stop) cleanup?.()
  })

  it('starts the prefetches of links on screen in one idle callback with a timeout, never for one unmounted meanwhile', async () => {
    const idle: { run: () => void; options: unknown }[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: unknown) => idle.push({ run, options }))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const links = [0, 1, 2].map((index) => ({ index }) as unknown as Element)
    const started: Element[] = []
    const stops = links.map((link) =>
      prefetchInView(
        () => [link],
        (element) => started.push(element),
      ),
    )
    vi.advanceTimersByTime(PRELOAD_DELAY_MS)
    await vi.dynamicImportSettled()
    // The links are observed in the first idle time.
    expect(idle).toHaveLength(1)
    idle.shift()!.run()
    const observer = FakeObserver.latest!
    observer.show(links[0]!, links[1]!)
    observer.show(links[2]!)
    // On screen, but nothing starts before the thread is idle: one idle callback for all, and no timer.
    expect(started).toEqual([])
    expect(idle).toHaveLength(1)
    expect(idle[0]!.options).toEqual({ timeout: 1_000 })
    vi.advanceTimersByTime(10_000)
    expect(started).toEqual([])
    stops[1]?.()
    idle.shift()!.run()
    expect(started).toEqual([links[0], links[2]])
    for (const stop of stops) stop?.()
  })

  it('starts nothing for a link that unmounted before the delay passed', async () => {
    const link = { index: 0 } as unknown as Element
    const start = vi.fn()
    prefetchInView(() => [link], start)?.()
    vi.advanceTimersByTime(PRELOAD_DELAY_MS)
    await vi.dynamicImportSettled()
    vi.advanceTimersByTime(100)
    for (const observer of FakeObserver.made) expect(observer.observed.size).toBe(0)
    expect(start).not.toHaveBeenCalled()
  })
})
