/**
 * What the server's render and the browser's navigation both do before a page's data loads: apply the
 * routing rules, load the route module, build the loader context, the queries and the view; and, once
 * the data is in, take the page's outcome. Each side then answers in its own terms (HTTP status and
 * headers, or a view, a history replace, a full load).
 */
import { pageOutcome, queryKeys, routeQueries, type LoadedPage, type PageOutcome } from './outcome.ts'
import { isPageRoute, loadRouteModule, type PageRouteName } from './route-modules.ts'
import { matchPath, notFoundMessage, resolveNavigation, type Decision, type NavigationInput } from './rules.ts'
import { parseSearch } from './search.ts'
import type { LoaderContext, LoaderMap, RoutePage, SearchParams } from './types.ts'
import type { View } from './view.ts'

export type RouteModule = RoutePage<unknown, LoaderMap>

export interface PrepareInput extends NavigationInput {
  product: string
  /** Whether the app has a view for the route (the browser's view registry); every page route when absent. */
  hasView?: (name: PageRouteName) => boolean
  /** Loads a route module (the browser's recovers from a chunk that fails to load); `loadRouteModule` when absent. */
  loadModule?: (name: PageRouteName) => Promise<RouteModule>
}

/** A routing rule answered without the route: a redirect, or not found. */
export interface RuledPage {
  kind: 'rules'
  decision: Exclude<Decision, { kind: 'render' }>
}

/** A route to render, ready for its data. */
export interface PreparedRoute {
  kind: 'route'
  name: PageRouteName
  decision: Extract<Decision, { kind: 'render' }>
  module: RouteModule
  search: SearchParams
  ctx: LoaderContext<unknown>
  /** Every query the route declares, in declaration order. */
  queries: LoaderMap
  /** The queries to run now: none for a guarded page without a session (they wait for the sign-in). */
  toLoad: LoaderMap
  /** The view that shows the route, reading its data by the queries' keys. */
  view: Extract<View, { kind: 'page' }>
  /** The page's outcome once `loaded`; `origin` is ours, where a gateway redirect may stay. */
  outcome: (loaded: LoadedPage, origin: string) => PageOutcome
}

export type PreparedPage = RuledPage | PreparedRoute

/** Applies the rules and readies the route: everything before its loaders run. */
export async function preparePage(input: PrepareInput): Promise<PreparedPage> {
  const decision = resolveNavigation(input)
  if (decision.kind !== 'render') return { kind: 'rules', decision }
  const name = decision.route.name
  if (!isPageRoute(name) || input.hasView?.(name) === false) {
    const { pathname } = input.matched ?? matchPath(input.pathname)
    return { kind: 'rules', decision: { kind: 'not-found', status: 404, message: notFoundMessage(pathname) } }
  }
  const module = await (input.loadModule ?? loadRouteModule)(name)
  const search = parseSearch(input.search)
  const ctx: LoaderContext<unknown> = {
    params: decision.params,
    search,
    session: input.session,
    product: input.product,
  }
  const queries = routeQueries(module, ctx)
  return {
    kind: 'route',
    name,
    decision,
    module,
    search,
    ctx,
    queries,
    toLoad: decision.blocked === 'login' ? {} : queries,
    view: {
      kind: 'page',
      route: name,
      params: decision.params,
      search,
      blocked: decision.blocked,
      keys: queryKeys(queries),
    },
    outcome: (loaded, origin) =>
      pageOutcome({
        module,
        ctx,
        queries,
        loaded,
        pathname: input.pathname,
        search: input.search,
        origin,
        mainSiteUrl: input.mainSiteUrl,
      }),
  }
}
