/**
 * Client navigation: applies the shared routing rules on every navigation, loads the route's module
 * and data (waiting up to 100 ms before showing the new route), follows server redirects, and recovers
 * from chunk-load errors by reloading to the target (with the 10 s reload guard). The rules themselves
 * are in the routing kit, loaded with the first navigation or prefetch (client/lib/routing-kit.ts).
 */
import { mutate } from 'swr'
import { unstable_serialize } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { RELOAD_GUARD_MS, TRANSITION_WAIT_MS } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'
import type { LoadedPage, PageOutcome } from '#shared/routing/outcome.ts'
import { parseSearch } from '#shared/routing/search.ts'
import { loadRoutingKit } from '#client/lib/load-routing-kit.ts'
import type { PageMeta, SessionState } from '#shared/routing/types.ts'
import { PAGE_MODULES, hasPage, type PageModule } from '../views/registry.ts'
import type { View } from './boot.ts'

/** What a navigation resolved to. */
export type NavigationResult =
  | { kind: 'view'; view: View; module?: PageModule; meta?: PageMeta }
  | { kind: 'redirect'; location: string; replace: true }
  | { kind: 'full-load'; location: string }

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
    // The registry comes with the routing kit; when that cannot load either, the chunk's own error stands.
    const { AppError } = await loadRoutingKit().catch(() => {
      throw error
    })
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
  const { NOTHING_LOADED, loadRouteModule, pageOutcome, queryKeys, resolveNavigation, routeQueries, toAppError } = await loadChunk(loadRoutingKit, url)
  const decision = resolveNavigation({ pathname: input.pathname, search: input.search, session: input.session, mainSiteUrl: input.mainSiteUrl })
  if (decision.kind === 'redirect') {
    return decision.external ? { kind: 'full-load', location: decision.location } : { kind: 'redirect', location: decision.location, replace: true }
  }
  const name = decision.kind === 'render' ? decision.route.name : undefined
  if (decision.kind === 'not-found' || name === undefined || !hasPage(name)) return { kind: 'view', view: { kind: 'error', status: 404 } }

  const module = await loadChunk(() => loadRouteModule(name), url)
  const search = parseSearch(input.search)
  const ctx = { params: decision.params, search, session: input.session, product: input.product }
  const queries = routeQueries(module, ctx)
  // A guarded page without a session renders its frame only: its loaders wait for the sign-in.
  const entries = decision.blocked === 'login' ? [] : Object.entries(queries)

  const settled: Promise<LoadedPage> = Promise.all(
    entries.map(async ([loader, query]) => {
      const key = unstable_serialize(query.key)
      const known = query.personal ? undefined : input.known(key)
      if (known !== undefined) return { loader, data: known, error: undefined }
      try {
        return { loader, data: await mutate(key, query.fetch(input.api), { revalidate: false }), error: undefined }
      } catch (error) {
        return { loader, data: undefined, error: toAppError(error) }
      }
    }),
  ).then((results) => ({
    data: Object.fromEntries(results.map((r) => [r.loader, r.data])),
    failures: Object.fromEntries(results.flatMap((r) => (r.error ? [[r.loader, r.error] as const] : []))),
  }))
  const view = await loadPageModule(name, url)
  const early = await Promise.race([settled, wait(TRANSITION_WAIT_MS).then(() => undefined)])

  const shown: View = { kind: 'page', route: name, params: decision.params, search, blocked: decision.blocked, keys: queryKeys(queries) }
  const outcomeOf = (loaded: LoadedPage): PageOutcome =>
    pageOutcome({ module, ctx, queries, loaded, pathname: input.pathname, search: input.search, origin: window.location.origin, mainSiteUrl: input.mainSiteUrl })
  const resultOf = (outcome: PageOutcome): NavigationResult => {
    switch (outcome.kind) {
      case 'error':
        return { kind: 'view', view: { kind: 'error', status: outcome.status, code: outcome.code, message: outcome.message } }
      case 'redirect':
        return outcome.external ? { kind: 'full-load', location: outcome.location } : { kind: 'redirect', location: outcome.location, replace: true }
      case 'page':
        return { kind: 'view', view: shown, module: view, meta: outcome.meta }
    }
  }

  if (early) return resultOf(outcomeOf(early))
  // The data is slower than the transition wait: show the route now (its hooks show loading states)
  // with the head it has without data; once the data is in, it becomes an error view, a redirect or
  // the real head.
  void settled.then((loaded) => {
    const late = resultOf(outcomeOf(loaded))
    if (late.kind === 'view' && late.view.kind === 'error') input.onLateError(late.view)
    else if (late.kind === 'view' && late.meta) input.onLateMeta(late.meta)
    else if (late.kind !== 'view') window.location.assign(late.location)
  })
  const before = outcomeOf(NOTHING_LOADED)
  return { kind: 'view', view: shown, module: view, ...(before.kind === 'page' ? { meta: before.meta } : {}) }
}
