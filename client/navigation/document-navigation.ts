/**
 * On a very slow connection a link opens its page with a document load instead of a client navigation
 * (decision 032, walkthrough UX3-12). A client navigation fetches the routing kit, the route's module,
 * the API client and the schemas, and the view, each chunk's imports found only once it is in, and
 * then the route's data: four rounds or more, 2 s each at DevTools' Slow 3G (10.6 s to a product page).
 * The document is one round: the server's HTML has the page and its data, first paint needs nothing
 * else (the stylesheet is cached), and the route's chunks are in its head as preloads, all fetched
 * together while the shopper already sees the page; a tap before hydration is held and replayed.
 *
 * "Very slow" is the Network Information API's `slow-2g` or `2g` (DevTools' Slow 3G reads `2g`). Back
 * and Forward between entries of this document stay client navigations (their code is in already), and
 * so does a new query of the same path (a list's «Показать ещё», sort or filters, which keep the page).
 */

let popped = false
if (typeof window !== 'undefined') window.addEventListener('popstate', () => void (popped = true))

/** The connection as the Network Information API describes it, where the browser has one. */
const effectiveType = (): string | undefined =>
  (globalThis.navigator as (Navigator & { connection?: { effectiveType?: string } }) | undefined)?.connection
    ?.effectiveType

/**
 * Whether the navigation the app is about to follow, to `otherPath` (another path than the page shown)
 * or not, should be a document load; reads and clears the Back/Forward mark.
 */
export function documentNavigationPreferred(otherPath: boolean): boolean {
  const history = popped
  popped = false
  if (history || !otherPath) return false
  const type = effectiveType()
  return type === 'slow-2g' || type === '2g'
}
