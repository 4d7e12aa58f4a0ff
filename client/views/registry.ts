/**
 * Route name → view module (the React component of a route). Each module is its own chunk (code
 * splitting per route); the build reads this table to emit the modulepreload links of each route, so
 * keep one `import('./...')` per line. A view's props are typed from its route: the params as the URL
 * table parses them, and its route module's queries by loader name.
 */
import { createElement, useMemo, useRef, type ComponentType, type ReactNode } from 'react'
import type { ParamsOf } from '#shared/routing/define-page.ts'
import type { QueryData } from '#shared/routing/query.ts'
import type { PageRouteName } from '#shared/routing/route-modules.ts'
import type { SearchParams } from '#shared/routing/types.ts'
import type { View } from '#shared/routing/view.ts'
import { useApp } from '#client/context/app-context.tsx'
import { loadRoutingKit } from '#client/navigation/load-routing-kit.ts'
import { fetchOnce } from '#client/lib/single-flight.ts'
import type { QueryRef } from '../data/use-query.ts'

/** The loaders a route module declares (`{ goods: Query<GoodsAnswer>, … }`). */
type LoadersOf<M> = M extends { loaders?(ctx: never): infer L } ? L : Record<string, never>

/** A route module's queries by loader name, as a view reads them: `useQuery(queries.goods)`. */
export type QueriesOf<M> = { readonly [K in keyof LoadersOf<M>]: QueryRef<QueryData<LoadersOf<M>[K]>> }

/** What the view of route(s) `N` with route module `M` receives. */
export interface ViewProps<N extends PageRouteName, M = unknown> {
  routeName: N
  params: ParamsOf<N>
  search: SearchParams
  /** A guard that is not satisfied yet: the page shows its frame and asks to sign in or choose a store. */
  blocked?: 'login' | 'store' | undefined
  /** The route's queries by loader name: the same keys the server and the navigation loaded. */
  queries: QueriesOf<M>
}

/** Props every view receives from the router, whatever its route. */
export interface PageProps {
  routeName: PageRouteName
  params: unknown
  search: SearchParams
  blocked?: 'login' | 'store' | undefined
  queries: Readonly<Record<string, QueryRef<unknown>>>
}

/**
 * A view module exports its component as `Page`. A method, so a view typed for its own route's
 * props is accepted here (the router pairs each route with its own view through this table).
 */
export interface PageModule {
  Page(props: PageProps): ReactNode
  /** Loads the code the view renders from other chunks; the module resolves once it is in. */
  ready?(): Promise<unknown> | undefined
}

/** A page module once the code its render needs is in, so no render waits for code (the server's included). */
async function ready(module: PageModule): Promise<PageModule> {
  await module.ready?.()
  return module
}

export const PAGE_MODULES: Record<PageRouteName, () => Promise<PageModule>> = {
  main: () => import('./home/home-page.tsx').then(ready),
  search: () => import('./search/search-page.tsx'),
  'cookie-policy': () => import('./site/cookie-policy-page.tsx'),
  articles: () => import('./articles/articles-page.tsx'),
  article: () => import('./articles/article-page.tsx'),
  registration: () => import('./auth/registration-page.tsx'),
  'profile-incomplete': () => import('./auth/incomplete-profile-page.tsx'),
  popular: () => import('./product/popular-page.tsx'),
  product: () => import('./product/product-page.tsx'),
  'product-reviews': () => import('./product/product-page.tsx'),
  catalog: () => import('./catalog/catalog-page.tsx'),
  'catalog-category': () => import('./catalog/catalog-category-page.tsx'),
  'promo-product': () => import('./promotions/promo-product-page.tsx'),
  'promo-catalog': () => import('./promotions/promo-catalog-page.tsx'),
  'promo-catalog-category': () => import('./promotions/promo-catalog-category-page.tsx'),
  'promo-catalog-category-product': () => import('./promotions/promo-product-page.tsx'),
  favorites: () => import('./favorites/favorites-page.tsx'),
  ecom: () => import('./ecom/ecom-page.tsx'),
  'ecom-cart': () => import('./ecom/cart-page.tsx'),
  'ecom-checkout': () => import('./ecom/checkout-page.tsx'),
  'ecom-order': () => import('./ecom/order-page.tsx'),
}

/** Whether a route renders a page of ours. */
export const hasPage = (name: string): name is PageRouteName => name in PAGE_MODULES

type PageView = Extract<View, { kind: 'page' }>

/**
 * Renders the view of a page route with its queries: each loader's key from the view (server or
 * navigation), read from the SWR cache; its fetcher (a refetch, a block that failed on the server, a
 * guarded page after sign-in) loads the routing kit and the route module and runs the same loader.
 */
export function RouteView({ view, Page }: { view: PageView; Page: ComponentType<PageProps> }): ReactNode {
  const { config, session } = useApp()
  const sessionRef = useRef(session)
  sessionRef.current = session
  const route = view.route
  const queries = useMemo(() => {
    const refs: Record<string, QueryRef<unknown>> = {}
    for (const [loader, key] of Object.entries(view.keys)) {
      refs[loader] = {
        key,
        // While the navigation (or a prefetch) still fetches this key, the hook shares that fetch.
        fetch: (api, signal) =>
          fetchOnce(key, async () =>
            (await loadRoutingKit()).fetchRouteLoader(
              route,
              loader,
              {
                params: view.params,
                search: view.search,
                session: { ...sessionRef.current, customerCode: false, storeChosen: undefined },
                product: config.product,
              },
              api,
              signal,
            ),
          ),
      }
    }
    return refs
  }, [view, route, config.product])
  if (!hasPage(route)) return null
  return createElement(Page, {
    routeName: route,
    params: view.params,
    search: view.search,
    blocked: view.blocked,
    queries,
  })
}
