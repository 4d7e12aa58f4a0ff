import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { prefetchInView } from './prefetch-link.tsx'

/** IntersectionObserver stand-in: every instance made, what each observes, and a way to show elements. */
class FakeObserver {
  static made: FakeObserver[] = []
  readonly observed = new Set<Element>()
  constructor(readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    FakeObserver.made.push(this)
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
    expect(started).toEqual([links[1]])
    expect(observer.observed.has(links[1]!)).toBe(false)
    // A link that unmounts is no longer watched and never starts.
    stop[0]?.()
    expect(observer.observed.has(links[0]!)).toBe(false)
    observer.show(links[0]!)
    expect(started).toEqual([links[1]])
    for (const cleanup of stop) cleanup?.()
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
