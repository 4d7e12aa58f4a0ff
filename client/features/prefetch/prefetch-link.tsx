/**
 * `<PrefetchLink href>`: wouter's `Link` that prefetches its route's data once it has been on screen
 * 1 s after mount (spec section 2 rule 7), or at once when the shopper points at or focuses it, so
 * the navigation then renders at once. The queue backs off while prefetches fail (preload-queue.ts,
 * loaded with the page's first prefetch).
 */
import { useCallback, useEffect, useRef, type AnchorHTMLAttributes, type FocusEvent, type PointerEvent, type ReactNode } from 'react'
import { useSWRConfig } from 'swr'
import { Link } from 'wouter'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { useApp } from '#client/context/app-context.tsx'
import { slowConnection } from './slow-connection.ts'

/** Props of `PrefetchLink`. */
export interface PrefetchLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string
  children?: ReactNode
  /** Turns prefetching off for this link. */
  prefetch?: boolean
}

/** A client-side link that prefetches the target route's loaders when visible. */
export function PrefetchLink({ href, prefetch = true, children, onPointerEnter, onFocus, ...rest }: PrefetchLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null)
  const { api, session, config } = useApp()
  const { cache } = useSWRConfig()
  const start = useCallback(
    (intent: boolean) =>
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
        // A queue that cannot load prefetches nothing; the navigation loads what it needs.
        () => undefined,
      ),
    [href, api, cache, config, session],
  )

  useEffect(() => {
    const element = ref.current
    if (!prefetch || !element || typeof IntersectionObserver === 'undefined' || slowConnection()) return
    let observer: IntersectionObserver | undefined
    const timer = setTimeout(() => {
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer?.disconnect()
        start(false)
      })
      observer.observe(element)
    }, PRELOAD_DELAY_MS)
    return () => {
      clearTimeout(timer)
      observer?.disconnect()
    }
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
