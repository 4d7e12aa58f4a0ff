/**
 * `definePage(route, { loaders, meta, canonical, serverRedirect })`: a route module typed by its
 * route's params as the URL table parses them, so `ctx.params.product` is a number with no cast.
 */
import type { PageRouteName } from './route-modules.ts'
import type { RouteParams } from './routes.ts'
import type { LoaderMap, RoutePage } from './types.ts'

/** The params of one route, or of each of several routes that share a module. */
export type ParamsOf<N extends PageRouteName> = N extends PageRouteName ? RouteParams<N> : never

/** A route module of the given route(s); the loaders' names and data types are kept for the views. */
export function definePage<N extends PageRouteName, L extends LoaderMap = Record<string, never>>(
  _routes: N | readonly N[],
  page: RoutePage<ParamsOf<N>, L>,
): RoutePage<ParamsOf<N>, L> {
  return page
}
