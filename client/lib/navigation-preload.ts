/**
 * How a layer below the app shell asks for the code of a client navigation to a route (the link
 * prefetch, preload-queue.ts) without importing the shell's navigation: the shell provides the loader
 * once the page has loaded (after-load.ts, with navigation-code.ts), so the first load carries none of
 * it. An ask made before that waits for it.
 */

/** Loads the code a client navigation to a route runs; rejects when a chunk fails. */
export type NavigationPreloader = (route: string) => Promise<unknown>

let preloader: NavigationPreloader | undefined
/** Asks made before the shell provided its loader. */
let waiting: Array<(preloader: NavigationPreloader) => void> = []

/** The shell provides its loader (once per page; a later call replaces it). */
export function provideNavigationPreload(load: NavigationPreloader): void {
  preloader = load
  const asked = waiting
  waiting = []
  for (const ask of asked) ask(load)
}

/** Loads the code of a client navigation to `route`, as soon as the shell can. */
export function preloadNavigation(route: string): Promise<unknown> {
  if (preloader) return preloader(route)
  return new Promise<NavigationPreloader>((resolve) => waiting.push(resolve)).then((load) => load(route))
}

/** Forgets the loader and the waiting asks (for tests). */
export function resetNavigationPreload(): void {
  preloader = undefined
  waiting = []
}
