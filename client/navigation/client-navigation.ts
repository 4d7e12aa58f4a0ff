/**
 * What the app does on a client navigation, out of the app shell: it runs only once the shopper
 * follows a link, never to hydrate the server's page, so it loads with the first navigation
 * (`loadClientNavigation` in navigation.ts, beside the routing kit). It resolves the navigation with
 * the routing kit's `navigate`, shows the view, reports an error view as the
 * server reports its own, and after each new view scrolls, sets the title, announces it and moves
 * focus (DESIGN.md section 3; the first view's remembered scroll stays in use-navigation-effects.ts).
 */
import { startTransition, type ComponentType } from 'react'
import type { Cache } from 'swr'
import { loadIntoSwr } from './load-into-swr.ts'
import type { ApiClient } from '#shared/api/client.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { View } from '#shared/routing/view.ts'
import type { ClientSession } from '#client/context/app-context.tsx'
import { loadRoutingKit } from './load-routing-kit.ts'
import { loadErrorViews } from '#client/components/errors/lazy-error-view.tsx'
import { hasPage, type PageProps } from '#client/views/registry.ts'
import { reportError } from '#client/app/error-reporting.ts'
import { loadChunk, loadPageModule } from './load-chunk.ts'
import { restoring } from './scroll-memory.ts'
import { KEEPS_FOCUS_ATTRIBUTE, ROUTE_ANNOUNCER_ID } from '#shared/constants.ts'

/** The view on screen: app.tsx's state, which a navigation replaces. */
export interface Shown {
  view: View
  Page: ComponentType<PageProps> | undefined
  /** Increments on every client navigation (scroll, focus and title effects key on it). */
  seq: number
  title?: string | undefined
}

/** What a navigation needs of the app root: its state, the session, the SWR cache and the router. */
export interface NavigationContext {
  pathname: string
  search: string
  session: ClientSession
  api: ApiClient
  config: PublicConfig
  cache: Cache
  fallback: Record<string, unknown>
  setShown: (update: (shown: Shown) => Shown) => void
  setLocation: (to: string, options: { replace: boolean }) => void
  /** False once a newer navigation (or the unmount) superseded this one. */
  current: () => boolean
}

/** Shows a view; an error view reached by client navigation is reported like the server reports its own. */
export function showView(
  context: Pick<NavigationContext, 'setShown'>,
  update: (shown: Shown) => Shown,
  view: View,
): void {
  // A transition: the new view renders in slices with room for a tap between them, and the view on
  // screen stays until it is ready (decision 032); only its commit is one task.
  startTransition(() => context.setShown(update))
  if (view.kind === 'error') reportError({ message: `HTTP ${view.status}`, status: view.status })
}

/**
 * Resolves one client navigation and shows its outcome (a view, a redirect or a full page load).
 * Rejects when the routing kit or the route's code cannot load (app.tsx then shows the outage view).
 */
/**
 * The title a navigation's late data gave (onLateMeta), for the page it was made for: the view may
 * come on screen after it, and must not put back the title built without that data.
 */
let lateTitle: { url: string; title: string } | undefined

/**
 * The element that had the focus when the last navigation's view was handed to React (undefined: no
 * such view since that navigation began). afterNavigation runs only after the scroll memory's chunk
 * has come, which on the first navigation is a network round; a shopper who meanwhile clicked into
 * the search field and typed a new query must not have the focus taken to the heading under the
 * keys (the rest of the query and Enter went to the heading, and nothing happened).
 */
let focusAtShow: Element | null | undefined

export async function followNavigation(context: NavigationContext): Promise<void> {
  const { pathname, search, config, current } = context
  const url = pathname + search
  lateTitle = undefined
  focusAtShow = undefined
  // The new page may scroll back or to an anchor once shown (afterNavigation): its code comes meanwhile.
  void import('./scroll-restore.ts').catch(() => undefined)
  const kit = await loadChunk(loadRoutingKit, url)
  const result = await kit.navigate(
    {
      pathname,
      search,
      session: { ...context.session, customerCode: false, storeChosen: undefined },
      mainSiteUrl: config.mainSiteUrl,
      product: config.product,
      onLateError: (view) =>
        void loadErrorViews()
          .catch(() => undefined)
          .then(() => current() && showView(context, (s) => ({ ...s, view }), view)),
      // The title shown at once was built without data ('Категория 62 — …'); the page keeps its
      // scroll and focus, only the title follows the data.
      onLateMeta: (meta) => {
        if (!current()) return
        lateTitle = { url, title: meta.title }
        document.title = meta.title
      },
      known: (key) => context.cache.get(key)?.data ?? context.fallback[key],
    },
    {
      loadChunk,
      hasPage,
      loadPage: loadPageModule,
      load: loadIntoSwr(context.api),
      wait: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
      origin: window.location.origin,
      assign: (location) => window.location.assign(location),
      replace: (location) => context.setLocation(location, { replace: true }),
      current,
    },
  )
  // An error view's code is loaded before it is shown, so showing it never suspends.
  if (result.kind !== 'full-load' && result.kind !== 'redirect' && (result.view.kind === 'error' || !result.module))
    await loadErrorViews().catch(() => undefined)
  if (!current()) return
  if (result.kind === 'full-load') window.location.assign(result.location)
  else if (result.kind === 'redirect') context.setLocation(result.location, { replace: true })
  else {
    focusAtShow = document.activeElement
    showView(
      context,
      (s) => ({ view: result.view, Page: result.module?.Page ?? s.Page, seq: s.seq + 1, title: result.meta?.title }),
      result.view,
    )
  }
}

/**
 * After the view of a client navigation is on screen: back and forward return to the remembered
 * position, a new navigation goes to the hash anchor or the top (spec rule 6); then the title, its
 * announcement and the focus on the main heading. Returns the cleanup of a scroll still being held.
 */
export function afterNavigation(title: string | undefined, remembered: number | undefined): (() => void) | undefined {
  const late = lateTitle?.url === window.location.pathname + window.location.search ? lateTitle.title : undefined
  if (late ?? title) document.title = (late ?? title)!
  const hash = decodeURIComponent(window.location.hash.slice(1))
  let stopRestore: (() => void) | undefined
  let anchored = false
  if (remembered !== undefined) {
    stopRestore = restoring((restore) => restore.scrollToWhenPossible(remembered))
  } else if (hash) {
    // The anchor is held in view while the page's late data renders above it (or until it appears).
    anchored = document.getElementById(hash) !== null
    stopRestore = restoring((restore) => restore.keepAnchorInView(hash).stop)
    if (!anchored) window.scrollTo(0, 0)
  } else {
    window.scrollTo(0, 0)
  }
  // A ticked filter or a new sort keeps the focus where the shopper is (UX4-04).
  const active = document.activeElement
  const kept = active?.closest(`[${KEEPS_FOCUS_ATTRIBUTE}]`)
  // So does whatever the shopper has focused since the view was handed to React (the search field,
  // a new query half typed): the focus then was on the link or field that started the navigation,
  // or on nothing once the old page took it away; those still hand it to the heading.
  const movedMeanwhile =
    focusAtShow !== undefined && active !== null && active !== document.body && active !== focusAtShow
  const stopFocus = anchored || kept || movedMeanwhile ? undefined : focusMainHeading()
  const announcer = document.getElementById(ROUTE_ANNOUNCER_ID)
  if (announcer) announcer.textContent = document.title
  return () => {
    stopRestore?.()
    stopFocus?.()
  }
}

/** How long a view shown before its data waits for its heading to take the focus. */
const HEADING_WAIT_MS = 10_000

/**
 * Moves the focus to the main heading. A view shown before its data (after the navigation's wait) has
 * no heading yet: the focus then goes to the heading when it appears, unless the shopper has put the
 * focus somewhere meanwhile. Returns the cleanup of that wait.
 */
function focusMainHeading(): (() => void) | undefined {
  const focus = (heading: HTMLElement) => {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }
  const heading = document.querySelector<HTMLElement>('main h1')
  if (heading) {
    focus(heading)
    return undefined
  }
  const main = document.querySelector('main')
  if (!main) return undefined
  const observer = new MutationObserver(() => {
    const appeared = main.querySelector<HTMLElement>('h1')
    if (!appeared) return
    stop()
    const active = document.activeElement
    if (!active || active === document.body) focus(appeared)
  })
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(main, { childList: true, subtree: true })
  return stop
}
