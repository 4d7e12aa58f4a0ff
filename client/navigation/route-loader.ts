/**
 * A view's refetch of one loader of its route (a refetch, a block that failed on the server, a guarded
 * page after sign-in): the route module's same loader, run again. Part of the routing kit, which the
 * view's fetcher loads: hydrating the server's data needs none of it.
 */
import type { ApiClient } from '#shared/api/client.ts'
import { AppError } from '#shared/api/errors.ts'
import { routeQueries } from '#shared/routing/outcome.ts'
import { isPageRoute, loadRouteModule } from '#shared/routing/route-modules.ts'
import type { LoaderContext } from '#shared/routing/types.ts'

/** Runs loader `loader` of route `route` with `ctx`; a route or loader that does not exist is `not_found`. */
export async function fetchRouteLoader(
  route: string,
  loader: string,
  ctx: LoaderContext<unknown>,
  api: ApiClient,
  signal?: AbortSignal,
): Promise<unknown> {
  if (!isPageRoute(route)) throw new AppError('not_found', `${route}: no route module`)
  const query = routeQueries(await loadRouteModule(route), ctx)[loader]
  if (!query) throw new AppError('not_found', `${route}: no loader ${loader}`)
  return query.fetch(api, signal)
}
