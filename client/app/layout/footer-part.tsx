/**
 * The footer without its code in the browser: its markup is static, so the browser keeps the
 * server's footer HTML as it is (a `dangerouslySetInnerHTML` of that very HTML, which hydration leaves
 * untouched) instead of loading footer.tsx to hydrate it. One click handler does what each link's own
 * did: sends the link's event (`data-track`) and opens our routes by client navigation, as wouter's
 * `Link` does for a plain left click. Main-site links follow the config (its local override) the way
 * the footer's render would; the icons are the server's `<use>` of the sprite, as everywhere.
 */
import { lazy, Suspense, useEffect, useRef, type MouseEvent } from 'react'
import { useConfig } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import type { AnalyticsEventName } from '#client/analytics/events.ts'
import { renderedByServer } from '#client/components/lazy-part.tsx'
import { followPlainClick } from '#client/lib/plain-click.ts'

let loaded: typeof import('./footer.tsx') | undefined

/** Loads footer.tsx once (the server's render, and a browser render with no server footer to keep). */
export function loadFooter(): Promise<typeof import('./footer.tsx')> {
  return loaded ? Promise.resolve(loaded) : import('./footer.tsx').then((module) => (loaded = module))
}

renderedByServer(loadFooter)

const LazyFooter = lazy(() => loadFooter().then((module) => ({ default: module.Footer })))

/** The server's footer HTML, read once from the page being hydrated; undefined when there is none. */
let serverHtml: string | undefined
const keptHtml = (): string | undefined => (serverHtml ??= document.querySelector('footer.site-footer')?.innerHTML)

/** The site footer: rendered by the server, kept as it is by the browser. */
export function FooterPart() {
  const config = useConfig()
  const { track } = useAnalytics()
  // Not wouter's `useLocation`: the footer would render again on every navigation (decision 032).
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    const footer = ref.current
    if (!footer) return
    const mainSite = config.mainSiteUrl.replace(/\/+$/, '')
    for (const link of footer.querySelectorAll<HTMLAnchorElement>('a[data-path]'))
      link.href = mainSite + link.dataset.path
  }, [config.mainSiteUrl])

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-track]') : null
    if (!link) return
    // The server wrote the name from the footer's typed link lists.
    track(link.dataset.track as AnalyticsEventName)
    if (link.dataset.route !== undefined) followPlainClick(event, link.getAttribute('href') ?? '/')
  }

  // The server's render waits here for footer.tsx (no boundary: the shell waits for it).
  if (import.meta.env.SSR) return loaded ? <loaded.Footer /> : <LazyFooter />
  const html = keptHtml()
  if (html === undefined) {
    return (
      <Suspense fallback={null}>
        <LazyFooter onClick={onClick} />
      </Suspense>
    )
  }
  return (
    <footer
      ref={ref}
      className="site-footer"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  )
}
