/**
 * The routing machinery a client navigation, a prefetch or a refetch of route data needs: the shared
 * rules, the page outcome, the lazy map of route modules, `navigate` itself and a view's refetch of a
 * loader (`fetchRouteLoader`). It is one lazy chunk loaded with the first of them
 * (`loadRoutingKit`), not with the page: hydrating the server's HTML needs none of it (the
 * first-load budget of DESIGN.md section 5).
 */
export { navigate } from './navigate.ts'
export { routeQueries } from '#shared/routing/outcome.ts'
export { isPageRoute, loadRouteModule } from '#shared/routing/route-modules.ts'
export { resolveNavigation } from '#shared/routing/rules.ts'
export { fetchRouteLoader } from './route-loader.ts'
