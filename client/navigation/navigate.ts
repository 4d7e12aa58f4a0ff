/**
 * Client navigation (client/navigation/navigation.ts starts it): applies the shared routing rules, loads the
 * route's module and data (waiting up to 100 ms before showing the new route) and follows server
 * redirects. Part of the routing kit (routing-kit.ts), loaded with the page's first prefetch or
 * navigation; the app passes in how it loads chunks and views, which live in its own layers.
 */
import { mutate, unstable_serialize } from 'swr'
import { toAppError } from '#shared/api/errors.ts'
import type { ApiClient } from '#shared/api/client.ts'
import { TRANSITION_WAIT_MS } from '#shared/constants.ts'
import {
  NOTHING_LOADED,
  pageOutcome,
  queryKeys,
  routeQueries,
  type LoadedPage,
  type PageOutcome,
} from '#shared/routing/outcome.ts'
import { loadRouteModule, type PageRouteName } from '#shared/routing/route-modules.ts'
import { resolveNavigation } from '#shared/routing/rules.ts'
import { parseSearch } from '#shared/routing/search.ts'
import type { PageMeta, SessionState } from '#shared/routing/types.ts'
import type { View } from '#shared/routing/view.ts'
import { fetchOnce } from '#client/lib/single-flight.ts'

/** What a navigation resolved to (`M`: the app's view module). */
export type NavigationResult<M> =
  | { kind: 'view'; view: View; module?: M; meta?: PageMeta }
  | { kind: 'redirect'; location: string; replace: true }
  | { kind: 'full-load'; location: string }

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** What a navigation starts from: the target, the session and the app's callbacks. */
export interface NavigateInput {
  pathname: string
  search: string
  session: SessionState
  api: ApiClient
  mainSiteUrl: string
  product: string
  /** Called when data that arrived after the 100 ms wait turns the page into an error view. */
  onLateError: (view: View) => void
  /** Called with the page's meta once data that arrived after the 100 ms wait is in (the real title). */
  onLateMeta: (meta: PageMeta) => void
  /** Data already known for a serialized key (SWR cache or SSR fallback): a prefetched route renders at once. */
  known: (key: string) => unknown
}

/** How the app loads chunks and views (client/navigation/navigation.ts). */
export interface NavigateDeps<M> {
  /** Runs a lazy import; a chunk that fails to load reloads the browser to the target. */
  loadChunk: <T>(load: () => Promise<T>, targetUrl: string) => Promise<T>
  /** Whether a route renders a view of the app. */
  hasPage: (name: string) => name is PageRouteName
  /** Loads a route's view module. */
  loadPage: (name: PageRouteName, targetUrl: string) => Promise<M>
}

/** Resolves one client navigation. */
export async function navigate<M>(
  input: NavigateInput,
  { loadChunk, hasPage, loadPage }: NavigateDeps<M>,
): Promise<NavigationResult<M>> {
  const url = input.pathname + input.search
  const decision = resolveNavigation({
    pathname: input.pathname,
    search: input.search,
    session: input.session,
    mainSiteUrl: input.mainSiteUrl,
  })
  if (decision.kind === 'redirect') {
    return decision.external
      ? { kind: 'full-load', location: decision.location }
      : { kind: 'redirect', location: decision.location, replace: true }
  }
  const name = decision.kind === 'render' ? decision.route.name : undefined
  if (decision.kind === 'not-found' || name === undefined || !hasPage(name))
    return { kind: 'view', view: { kind: 'error', status: 404 } }

  const module = await loadChunk(() => loadRouteModule(name), url)
  const search = parseSearch(input.search)
  const ctx = { params: decision.params, search, session: input.session, product: input.product }
  const queries = routeQueries(module, ctx)
  // A guarded page without a session renders its frame only: its loaders wait for the sign-in.
  const entries = decision.blocked === 'login' ? [] : Object.entries(queries)

  // The page's outcome is known as soon as an essential loader fails (the error page), whatever the
  // optional blocks still do: the view is then never mounted, so its hooks never ask for the data again.
  let essentialFailed: (loaded: LoadedPage) => void = () => undefined
  const failedEarly = new Promise<LoadedPage>((resolve) => (essentialFailed = resolve))
  const loaded: Promise<LoadedPage> = Promise.all(
    entries.map(async ([loader, query]) => {
      const key = unstable_serialize(query.key)
      const known = query.personal ? undefined : input.known(key)
      if (known !== undefined) return { loader, data: known, error: undefined }
      try {
        // Shared with a prefetch or the view's hook asking for the key meanwhile; a prefetch that has
        // just failed gives its failure instead of a second round of calls to a failing backend.
        const data = await mutate(
          key,
          fetchOnce(key, () => query.fetch(input.api), { reuseFailure: true }),
          {
            revalidate: false,
          },
        )
        return { loader, data, error: undefined }
      } catch (error) {
        const failure = toAppError(error)
        if (!query.optional && failure.code !== 'aborted')
          essentialFailed({ data: {}, failures: { [loader]: failure } })
        return { loader, data: undefined, error: failure }
      }
    }),
  ).then((results) => ({
    data: Object.fromEntries(results.map((r) => [r.loader, r.data])),
    failures: Object.fromEntries(results.flatMap((r) => (r.error ? [[r.loader, r.error] as const] : []))),
  }))
  const settled = Promise.race([loaded, failedEarly])
  const view = await loadPage(name, url)
  const early = await Promise.race([settled, wait(TRANSITION_WAIT_MS).then(() => undefined)])

  const shown: View = {
    kind: 'page',
    route: name,
    params: decision.params,
    search,
    blocked: decision.blocked,
    keys: queryKeys(queries),
  }
  const outcomeOf = (loaded: LoadedPage): PageOutcome =>
    pageOutcome({
      module,
      ctx,
      queries,
      loaded,
      pathname: input.pathname,
      search: input.search,
      origin: window.location.origin,
      mainSiteUrl: input.mainSiteUrl,
    })
  const resultOf = (outcome: PageOutcome): NavigationResult<M> => {
    switch (outcome.kind) {
      case 'error':
        return {
          kind: 'view',
          view: { kind: 'error', status: outcome.status, code: outcome.code, message: outcome.message },
        }
      case 'redirect':
        return outcome.external
          ? { kind: 'full-load', location: outcome.location }
          : { kind: 'redirect', location: outcome.location, replace: true }
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
