/**
 * The service worker (`/sw.js`, built by scripts/build/offline.mjs with the build's id and its shell
 * files). Its job is narrow: every page, call and file comes from the network as without it; only when
 * a page cannot be fetched does it answer with the offline page, which opens the kept card and passes
 * (kept-data.ts). It caches nothing but this build's offline shell (the offline page, its script, the
 * stylesheet, the icons), fetched without cookies and refused if private or cookie-setting. A new build
 * installs a new worker that takes over at once and deletes the old shell: pages never come from it.
 */
import { mayKeep } from './may-keep.ts'

/** Filled in by the build. */
declare const BUILD_ID: string
declare const OFFLINE_PAGE: string
declare const SHELL_FILES: readonly string[]

/** What the worker needs of its global scope (the DOM library has no worker types). */
interface WorkerScope {
  location: Location
  registration: { navigationPreload?: { enable(): Promise<void> } }
  clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}
interface LifecycleEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends LifecycleEvent {
  request: Request
  preloadResponse: Promise<Response | undefined>
  respondWith(response: Promise<Response>): void
}

const worker = self as unknown as WorkerScope
/** The offline shell of this build; `aurora-shell-*` caches of other builds are deleted on activation. */
const SHELL_CACHE = `aurora-shell-${BUILD_ID}`
const SHELL = new Set(SHELL_FILES)

async function keepShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE)
  await Promise.all(
    [...SHELL].map(async (path) => {
      // Without cookies: the shell is the same for everyone, and the server cannot personalise it.
      const response = await fetch(new Request(path, { credentials: 'omit', cache: 'no-cache' }))
      if (!mayKeep(response)) throw new Error(`${path} may not be kept (${response.status})`)
      await cache.put(path, response)
    }),
  )
}

async function dropOldShells(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith('aurora-shell-') && name !== SHELL_CACHE) await caches.delete(name)
  }
}

/** A page: from the network (the navigation preload's answer when there is one); offline, the offline page. */
async function page(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request))
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })
    if (offline) return offline
    throw error
  }
}

/** A file of the offline shell: from the network, from the shell's cache when the network fails. */
async function shellFile(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const kept = await caches.match(request, { cacheName: SHELL_CACHE })
    if (kept) return kept
    throw error
  }
}

worker.addEventListener('install', (event) => {
  // A new build's worker replaces the old one at once: it serves no page, so nothing of the old
  // build's shell can outlive it (the build-id rule reloads open pages on their next navigation).
  event.waitUntil(keepShell().then(() => worker.skipWaiting()))
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([dropOldShells(), worker.registration.navigationPreload?.enable(), worker.clients.claim()]),
  )
})

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin) return
  // Not handled: the browser fetches it as if there were no worker.
  if (request.mode === 'navigate') event.respondWith(page(event))
  else if (SHELL.has(url.pathname)) event.respondWith(shellFile(request))
})

// Tests and support ask a worker which build it is.
worker.addEventListener('message', (event) => {
  if (event.data === 'build') event.ports[0]?.postMessage(BUILD_ID)
})
