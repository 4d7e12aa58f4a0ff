/**
 * Client navigation: the app shell's side of it. Following a navigation (client-navigation.ts) and the
 * rules, the route's module and data, the 100 ms wait and server redirects (the routing kit's
 * `navigate`, client/navigation/navigate.ts) load with the first navigation; this module loads them and the
 * views, and recovers from chunk-load errors by reloading to the target (with the 10 s reload guard).
 */
import { RELOAD_GUARD_MS } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'
import { loadRoutingKit } from './load-routing-kit.ts'
import { PAGE_MODULES, type PageModule } from '#client/views/registry.ts'

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

/** Loads a page module; a chunk that fails to load reloads the browser to the target (spec section 4). */
export function loadPageModule(name: keyof typeof PAGE_MODULES, targetUrl: string): Promise<PageModule> {
  return loadChunk(PAGE_MODULES[name], targetUrl)
}

/** Runs a lazy import; on a chunk-load error reloads to the target once per reload-guard window. */
export async function loadChunk<T>(load: () => Promise<T>, targetUrl: string): Promise<T> {
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
