/**
 * Offline support's start, loaded by the app shell after `load`, in idle time (start.tsx): deletes
 * what the device keeps for anyone but the signed-in shopper (kept-data.ts), registers the service
 * worker (`/sw.js`, scope `/`), holds the install prompt (install-prompt.ts) and, once per visit,
 * refreshes what is kept for a signed-in shopper (refresh-kept.ts).
 */
import type { ApiClient } from '#shared/api/client.ts'
import { whenIdle } from '#client/lib/when-idle.ts'
import { currentShopper, pruneKept } from './kept-data.ts'
import { holdInstallPrompt } from './install-prompt.ts'
import { refreshKept } from './refresh-kept.ts'

/** The worker's URL: not hashed, so a new build's worker replaces it at the same address. */
export const WORKER_URL = '/sw.js'

/**
 * Starts offline support with the app's API client (`ecom`: the shopper has e-commerce, so orders);
 * never throws (a browser without workers simply needs the network).
 */
export async function startOfflineSupport(api: ApiClient, ecom: boolean): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  try {
    holdInstallPrompt()
    const userId = currentShopper()
    await pruneKept(userId)
    // `updateViaCache: 'none'`: the browser asks the server for /sw.js on every check, never its HTTP cache.
    const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/', updateViaCache: 'none' })
    // Every page looks for a newer worker (a conditional request): the first page of a new build
    // installs that build's worker, which takes over at once (service-worker.ts).
    if (registration.active) await registration.update()
    if (userId) whenIdle(() => void refreshKept(api, ecom), 5_000)
  } catch (error) {
    console.warn('[offline] the service worker was not registered', error)
  }
}
