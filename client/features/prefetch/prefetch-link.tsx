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
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { useSWRConfig } from 'swr'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { useApp } from '#client/context/app-context.tsx'
import { slowConnection } from './slow-connection.ts'
import { followPlainClick } from '#client/lib/plain-click.ts'
import type { Watch } from './in-view.ts'

export interface PrefetchLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string
  children?: ReactNode
  /** Turns prefetching off for this link. */
  prefetch?: boolean
}

/**
 * Starts prefetching the route of a same-origin path (`intent`: the shopper pointed at or focused a
 * link, which prefetches even while the queue backs off). The queue loads with the
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

/** Links waiting for the prefetch delay: they share one timer. */
let waiting: Watch[] = []
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Calls `start(element)` once for each of `elements` on screen from `PRELOAD_DELAY_MS` after now on
 * (spec section 2 rule 7), in idle time; nothing on a slow connection or without IntersectionObserver.
 * The links that mount together (a page of cards) share one timer, and all links one
 * IntersectionObserver (in-view.ts, loaded when the first delay has passed). Returns the cleanup.
 */
export function prefetchInView(
  elements: () => Iterable<Element>,
  start: (element: Element) => void,
): (() => void) | undefined {
  if (typeof IntersectionObserver === 'undefined' || slowConnection()) return undefined
  const watch: Watch = { elements, start, ended: false }
  waiting.push(watch)
  timer ??= setTimeout(() => {
    timer = undefined
    const batch = waiting
    waiting = []
    import('./in-view.ts').then(
      (inView) => inView.observeWhenIdle(batch),
      () => undefined,
    )
  }, PRELOAD_DELAY_MS)
  return () => {
    watch.ended = true
    watch.unobserve?.()
  }
}

/** A client-side link that prefetches the target route's loaders when visible. */
export function PrefetchLink({
  href,
  prefetch = true,
  children,
  onPointerEnter,
  onFocus,
  onClick,
  ...rest
}: PrefetchLinkProps) {
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
  // A plain anchor whose plain click is a client navigation, as wouter's `Link` does, but without its
  // subscription to the location: with 24 cards and more on a page, every link rendered again in the
  // tap's own task when the location changed (decision 032).
  return (
    <a
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
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event)
        followPlainClick(event, href)
      }}
    >
      {children}
    </a>
  )
}
