/**
 * `<PrefetchLink href>`: wouter's `Link` that prefetches its route's data once it has been on screen
 * 1 s after mount (spec section 2 rule 7), or at once when the shopper points at or focuses it, so
 * the navigation then renders at once. The queue backs off while prefetches fail (preload-queue.ts,
 * loaded with the page's first prefetch).
 */
import {
  useCallback,
  useEffect,
  useRef,
  type AnchorHTMLAttributes,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { useSWRConfig } from 'swr'
import { Link } from 'wouter'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { useApp } from '#client/context/app-context.tsx'
import { slowConnection } from './slow-connection.ts'
import { whenIdle } from '#client/lib/when-idle.ts'

/** Props of `PrefetchLink`. */
export interface PrefetchLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string
  children?: ReactNode
  /** Turns prefetching off for this link. */
  prefetch?: boolean
}

/**
 * Starts prefetching the route of a same-origin path (`intent`: the shopper pointed at or focused a
 * link, which prefetches even while the queue backs off). The queue (preload-queue.ts) loads with the
 * first prefetch; a queue that cannot load prefetches nothing, and the navigation loads what it needs.
 */
export function usePrefetch(): (href: string, intent: boolean) => void {
  const { api, session, config } = useApp()
  const { cache } = useSWRConfig()
  return useCallback(
    (href: string, intent: boolean) =>
      void import('./preload-queue.ts').then(
        ({ prefetchRoute }) =>
          prefetchRoute(
            href,
            {
              api,
              cache,
              mainSiteUrl: config.mainSiteUrl,
              product: config.product,
              session: { ...session, customerCode: false, storeChosen: undefined },
            },
            { intent },
          ),
        () => undefined,
      ),
    [api, cache, config, session],
  )
}

/** A set of elements to watch, and what to start once one of them is on screen. */
interface Watch {
  elements: () => Iterable<Element>
  start: (element: Element) => void
  /** The elements observed for this watch, once its delay has passed. */
  observed: Element[]
  ended: boolean
}

/** The watch of each observed element. */
const watching = new Map<Element, Watch>()
/** Watches whose delay has not passed yet: they share one timer. */
let waiting: Watch[] = []
let timer: ReturnType<typeof setTimeout> | undefined
let sharedObserver: IntersectionObserver | undefined

function observer(): IntersectionObserver {
  sharedObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      const watch = watching.get(entry.target)
      sharedObserver?.unobserve(entry.target)
      watching.delete(entry.target)
      if (watch && !watch.ended) watch.start(entry.target)
    }
  })
  return sharedObserver
}

/** The delay has passed for `batch`: its elements are looked up and observed in idle time. */
function observeInIdleTime(batch: Watch[]): void {
  whenIdle(() => {
    for (const watch of batch) {
      if (watch.ended) continue
      for (const element of watch.elements()) {
        watch.observed.push(element)
        watching.set(element, watch)
        observer().observe(element)
      }
    }
  })
}

/**
 * Calls `start(element)` once for each of `elements` on screen from `PRELOAD_DELAY_MS` after now on
 * (spec section 2 rule 7), in idle time; nothing on a slow connection or without IntersectionObserver.
 * All links share one IntersectionObserver, and the links that mount together (a page of cards) one
 * timer. Returns the cleanup.
 */
export function prefetchInView(
  elements: () => Iterable<Element>,
  start: (element: Element) => void,
): (() => void) | undefined {
  if (typeof IntersectionObserver === 'undefined' || slowConnection()) return undefined
  const watch: Watch = { elements, start, observed: [], ended: false }
  waiting.push(watch)
  timer ??= setTimeout(() => {
    timer = undefined
    const batch = waiting
    waiting = []
    observeInIdleTime(batch)
  }, PRELOAD_DELAY_MS)
  return () => {
    watch.ended = true
    waiting = waiting.filter((other) => other !== watch)
    for (const element of watch.observed) {
      if (watching.get(element) !== watch) continue
      watching.delete(element)
      sharedObserver?.unobserve(element)
    }
  }
}

/** A client-side link that prefetches the target route's loaders when visible. */
export function PrefetchLink({ href, prefetch = true, children, onPointerEnter, onFocus, ...rest }: PrefetchLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null)
  const prefetchPath = usePrefetch()
  const start = useCallback((intent: boolean) => prefetchPath(href, intent), [prefetchPath, href])

  useEffect(() => {
    const element = ref.current
    if (!prefetch || !element) return
    return prefetchInView(
      () => [element],
      () => start(false),
    )
  }, [prefetch, start])

  const onIntent = prefetch ? () => start(true) : undefined
  return (
    <Link
      ref={ref}
      href={href}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        onIntent?.()
        onPointerEnter?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onIntent?.()
        onFocus?.(event)
      }}
      {...rest}
    >
      {children}
    </Link>
  )
}
