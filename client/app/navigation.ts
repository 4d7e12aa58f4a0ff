/**
 * Client navigation: applies the shared routing rules on every navigation, loads the route's module
 * and data (waiting up to 100 ms before showing the new route), follows server redirects, and recovers
 * from chunk-load errors by reloading to the target (with the 10 s reload guard).
 */
import { mutate } from 'swr'
import { unstable_serialize } from 'swr'
import { AppError, pageStatusFor, toAppError } from '#shared/api/errors.ts'
import type { ApiClient } from '#shared/api/client.ts'
import { RELOAD_GUARD_MS, TRANSITION_WAIT_MS } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'
import { resolveNavigation, resolveServerRedirect } from '#shared/routing/rules.ts'
import { ROUTES } from '#shared/routing/routes.ts'
import type { LoaderContext, PageMeta, RoutePage, SessionState, SearchParams } from '#shared/routing/types.ts'
import { PAGE_MODULES, type PageModule } from '../views/registry.ts'
import type { View } from './boot.ts'

/** What a navigation resolved to. */
export type NavigationResult =
  | { kind: 'view'; view: View; module?: PageModule; meta?: PageMeta }
  | { kind: 'redirect'; location: string; replace: true }
  | { kind: 'full-load'; location: string }

/** Parses a query string into the shape the loaders read. */
export function parseSearch(search: string): SearchParams {
  const result: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = result[key]
    result[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return result
}

/** Loads a page module; a chunk that fails to load reloads the browser to the target (spec section 4). */
export function loadPageModule(name: keyof typeof PAGE_MODULES, targetUrl: string): Promise<PageModule> {
  return loadChunk(PAGE_MODULES[name], targetUrl)
}

/** Runs a lazy import; on a chunk-load error reloads to the target once per reload-guard window. */
async function loadChunk<T>(load: () => Promise<T>, targetUrl: string): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (reloadAllowed()) {
      window.location.assign(targetUrl)
      // The browser is leaving; never resolve so nothing renders in between.
      return new Promise<T>(() => undefined)
    }
    throw new AppError('unavailable', 'chunk load failed twice within the reload guard', { cause: error })
  }
}

/** The 10 s reload guard: a second reload within the window is refused. */
function reloadAllowed(): boolean {
  try {
    const last = Number(sessionStorage.getItem(STORAGE.reloadGuard) ?? 0)
    if (Date.now() - last < RELOAD_GUARD_MS) return false
    sessionStorage.setItem(STORAGE.reloadGuard, String(Date.now()))
    return true
  } catch {
    return true
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export interface NavigateInput {
  pathname: string
  search: string
  session: SessionState
  api: ApiClient
  mainSiteUrl: string
  product: string
  /** A new build is out: the next navigation is a full page load (spec section 4). */
  updateAvailable: boolean
  /** Called when data that arrived after the 100 ms wait turns the page into an error view. */
  onLateError: (view: View) => void
  /** Called with the page's meta once data that arrived after the 100 ms wait is in (the real title). */
  onLateMeta: (meta: PageMeta) => void
  /** Data already known for a serialized key (SWR cache or SSR fallback): a prefetched route renders at once. */
  known: (key: string) => unknown
}

/** Resolves one client navigation. */
export async function navigate(input: NavigateInput): Promise<NavigationResult> {
  const url = input.pathname + input.search
  if (input.updateAvailable) return { kind: 'full-load', location: url }
  const decision = resolveNavigation({ pathname: input.pathname, search: input.search, session: input.session, mainSiteUrl: input.mainSiteUrl })
  if (decision.kind === 'redirect') {
    return decision.external ? { kind: 'full-load', location: decision.location } : { kind: 'redirect', location: decision.location, replace: true }
  }
  if (decision.kind === 'not-found') return { kind: 'view', view: { kind: 'error', status: 404 } }

  const { route } = decision
  const routePage = route.page ? await loadChunk(route.page as () => Promise<RoutePage<never>>, url) : undefined
  const search = parseSearch(input.search)
  const ctx: LoaderContext<never> = { params: decision.params as never, search, session: input.session, product: input.product }
  const queries = decision.blocked === 'login' ? {} : (routePage?.loaders?.(ctx) ?? {})
  const entries = Object.entries(queries)

  const settled = Promise.all(
    entries.map(async ([name, query]) => {
      const key = unstable_serialize(query.key)
      const known = query.personal ? undefined : input.known(key)
      if (known !== undefined) return { name, query, data: known, error: undefined }
      try {
        const data = await mutate(key, query.fetch(input.api), { revalidate: false })
        return { name, query, data, error: undefined }
      } catch (error) {
        return { name, query, data: undefined, error: toAppError(error) }
      }
    }),
  )
  const module = await loadPageModule(route.name as keyof typeof PAGE_MODULES, url)
  const early = await Promise.race([settled, wait(TRANSITION_WAIT_MS).then(() => undefined)])

  const view: View = { kind: 'page', route: route.name, params: decision.params, search, blocked: decision.blocked }
  const examine = (results: Awaited<typeof settled>): NavigationResult | undefined => {
    const failed = results.find((r) => r.error && !r.query.optional && r.error.code !== 'aborted')
    if (failed?.error) return { kind: 'view', view: { kind: 'error', status: pageStatusFor(failed.error), code: failed.error.code } }
    const data = Object.fromEntries(results.map((r) => [r.name, r.data]))
    const redirect = routePage?.serverRedirect?.(data as never)
    if (redirect) {
      const resolved = resolveServerRedirect(redirect.location, { origin: window.location.origin, mainSiteUrl: input.mainSiteUrl, permanent: redirect.permanent })
      if (!resolved) return { kind: 'view', view: { kind: 'error', status: 404 } }
      return resolved.external ? { kind: 'full-load', location: resolved.location } : { kind: 'redirect', location: resolved.location, replace: true }
    }
    const canonical = routePage?.canonical?.(ctx, data as never)
    if (canonical && canonical !== input.pathname) return { kind: 'redirect', location: canonical + input.search, replace: true }
    return { kind: 'view', view, module, meta: routePage?.meta(ctx, data as never) }
  }

  if (early) return examine(early) ?? { kind: 'view', view, module }
  // The data is slower than the transition wait: show the route now (its hooks show loading states)
  // and turn it into an error view or a redirect if the essential data fails.
  void settled.then((results) => {
    const outcome = examine(results)
    if (outcome?.kind === 'view' && outcome.view.kind === 'error') input.onLateError(outcome.view)
    else if (outcome?.kind === 'view' && outcome.meta) input.onLateMeta(outcome.meta)
    else if (outcome && outcome.kind !== 'view') window.location.assign(outcome.location)
  })
  return { kind: 'view', view, module, meta: routePage?.meta(ctx, Object.fromEntries(entries.map(([n]) => [n, undefined])) as never) }
}

/** Route meta of the initial (server-rendered) view, for completeness of client state. */
export const routeOf = (name: string) => ROUTES[name as keyof typeof ROUTES]
