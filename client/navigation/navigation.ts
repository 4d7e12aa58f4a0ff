/**
 * Client navigation: the app shell's side of it. Following a navigation and the
 * rules, the route's module and data, the 100 ms wait and server redirects (the routing kit's
 * `navigate`, client/navigation/navigate.ts) load with the first navigation; this module loads them and the
 * views, and recovers from chunk-load errors by reloading to the target (with the 10 s reload guard).
 */
import { loadRoutingKit } from './load-routing-kit.ts'
import { loadChunk } from './load-chunk.ts'

export { loadChunk, loadPageModule } from './load-chunk.ts'

/** client-navigation.ts: what the app does on a client navigation. */
export type ClientNavigation = typeof import('./client-navigation.ts')

let clientNavigation: ClientNavigation | undefined

/**
 * Loads client-navigation.ts once, with the routing kit beside it (both are needed and neither
 * waits for the other); a chunk that fails to load reloads the browser to the target.
 */
export function loadClientNavigation(targetUrl: string): Promise<ClientNavigation> {
  if (clientNavigation) return Promise.resolve(clientNavigation)
  void loadRoutingKit().catch(() => undefined)
  return loadChunk(() => import('./client-navigation.ts'), targetUrl).then((module) => (clientNavigation = module))
}

/** client-navigation.ts once loaded: every view after the first one came through it. */
export const loadedClientNavigation = (): ClientNavigation | undefined => clientNavigation
