/**
 * The one IntersectionObserver of all prefetching links (prefetch-link.tsx), loaded once the first
 * prefetch delay has passed: each batch of links is looked up and observed in idle time, and the links
 * that come on screen start their prefetch in idle time too (requestIdleCallback with a timeout, a
 * timer where it is missing).
 */
import { whenIdle } from '#client/lib/when-idle.ts'

/** A set of elements to watch, and what to start once one of them is on screen. */
export interface Watch {
  elements: () => Iterable<Element>
  start: (element: Element) => void
  /** Set once the link unmounts: nothing starts any more. */
  ended: boolean
  /** Stops observing the watch's elements (set once they are observed). */
  unobserve?: () => void
}

/** The watch of each observed element. */
const watching = new Map<Element, Watch>()
let observer: IntersectionObserver | undefined

/** Links that came on screen, to start in the next idle time. */
let onScreen: { watch: Watch; element: Element }[] = []
let cancelStart: (() => void) | undefined

/** Starts the prefetches of the links that came on screen, in idle time (at the latest after 1 s). */
function startWhenIdle(): void {
  cancelStart ??= whenIdle(() => {
    cancelStart = undefined
    const ready = onScreen
    onScreen = []
    for (const { watch, element } of ready) if (!watch.ended) watch.start(element)
  })
}

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      const watch = watching.get(entry.target)
      observer?.unobserve(entry.target)
      watching.delete(entry.target)
      if (watch && !watch.ended) onScreen.push({ watch, element: entry.target })
    }
    if (onScreen.length > 0) startWhenIdle()
  })
  return observer
}

/** Observes the elements of `batch` in idle time; ended watches are skipped. */
export function observeWhenIdle(batch: Watch[]): void {
  whenIdle(() => {
    for (const watch of batch) {
      if (watch.ended) continue
      const elements = [...watch.elements()]
      for (const element of elements) {
        watching.set(element, watch)
        shared().observe(element)
      }
      watch.unobserve = () => {
        for (const element of elements) {
          if (watching.get(element) !== watch) continue
          watching.delete(element)
          observer?.unobserve(element)
        }
      }
    }
  })
}
