/**
 * The one IntersectionObserver of all prefetching links (prefetch-link.tsx), loaded once the first
 * prefetch delay has passed: each batch of links is looked up and observed in idle time.
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

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      const watch = watching.get(entry.target)
      observer?.unobserve(entry.target)
      watching.delete(entry.target)
      if (watch && !watch.ended) watch.start(entry.target)
    }
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
