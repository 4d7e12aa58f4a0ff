/**
 * Lazy code of the navigation (the routing kit, client-navigation.ts, the views) and how a chunk that
 * fails to load is recovered: the browser reloads to the target, once per 10 s reload guard.
 */
import { RELOAD_GUARD_MS } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'
import { ChunkLoadError } from '#shared/api/chunk-load-error.ts'
import { PAGE_MODULES, type PageModule } from '#client/views/registry.ts'

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
    throw new ChunkLoadError('unavailable', 'chunk load failed twice within the reload guard', error)
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
