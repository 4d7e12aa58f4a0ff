/** The routing kit's module. */
export type RoutingKit = typeof import('./routing-kit.ts')

/** Loads the routing kit (one chunk, fetched once): navigation, prefetch and route refetches await it. */
export const loadRoutingKit = (): Promise<RoutingKit> => import('./routing-kit.ts')
