/**
 * Client navigation: the app's side of it. The rules, the route's module and data, the 100 ms wait and
 * server redirects are the routing kit's `navigate` (client/lib/navigate.ts), loaded with the page's
 * first prefetch or navigation; this module loads views and recovers from chunk-load errors by
 * reloading to the target (with the 10 s reload guard).
 */
import { RELOAD_GUARD_MS } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'
import { loadRoutingKit } from '#client/lib/load-routing-kit.ts'
import type { NavigateInput as KitNavigateInput, NavigationResult as KitNavigationResult } from '#client/lib/navigate.ts'
import { PAGE_MODULES, hasPage, type PageModule } from '../views/registry.ts'

/** What a navigation resolved to. */
export type NavigationResult = KitNavigationResult<PageModule>

/** What a navigation starts from. */
export interface NavigateInput extends KitNavigateInput {
  /** A new build is out: the next navigation is a full page load (spec section 4). */
  updateAvailable: boolean
}

/** Loads a page module; a chunk that fails to load reloads the browser to the target (spec section 4). */
export function loadPageModule(name: keyof typeof PAGE_MODULES, targetUrl: string): Promise<PageModule> {
  return loadChunk(PAGE_MODULES[name], targetUrl)
}

/** Runs a lazy import; on a chunk-load error reloads to the target once per reload-guard window. */
async function loadChunk<T>(load: () => Promise<T>, targetUrl: string): Promise<T> {
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

/** Resolves one client navigation. */
export async function navigate(input: NavigateInput): Promise<NavigationResult> {
  const url = input.pathname + input.search
  if (input.updateAvailable) return { kind: 'full-load', location: url }
  // The new page may scroll back or to an anchor once shown (use-navigation-effects.ts): its code comes meanwhile.
  void import('./scroll-restore.ts').catch(() => undefined)
  const kit = await loadChunk(loadRoutingKit, url)
  return kit.navigate(input, { loadChunk, hasPage, loadPage: loadPageModule })
}
