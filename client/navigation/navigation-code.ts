/**
 * The code a client navigation to a route runs, loaded ahead of the tap: the client navigation's own
 * modules (client-navigation.ts, scroll-restore.ts and the routing kit's entry, which the first
 * navigation loads otherwise) and the route's view. after-load.ts provides this loader to the link
 * prefetch (client/lib/navigation-preload.ts), which runs it in idle time beside the route's data, so a
 * tap on a link that was in view waits for no chunk: the tap used to wait a network round for them
 * before the new page could render (decision 032, twelfth part).
 */
import { PAGE_MODULES, hasPage } from '#client/views/registry.ts'
import { loadRoutingKit } from './load-routing-kit.ts'

/**
 * Loads (and evaluates) the client navigation and the view of route `name` (a route without a view of
 * its own: the navigation alone); rejects when a chunk fails.
 */
export const loadNavigationCode = (name: string): Promise<unknown> =>
  Promise.all([
    import('./client-navigation.ts'),
    import('./scroll-restore.ts'),
    loadRoutingKit(),
    hasPage(name) ? PAGE_MODULES[name]() : undefined,
  ])
