/**
 * Route payload prefetch (spec section 2 rule 7, section 9): the loaders of the route a link points to
 * are loaded into the SWR cache, at most 4 at a time; the rest wait their turn (newest first wins
 * nothing: first in, first out). Skipped on slow-2g and when the data is already cached.
 */
import { mutate, unstable_serialize } from 'swr'
import type { Cache } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { PRELOAD_QUEUE_LIMIT } from '#shared/constants.ts'
import { resolveNavigation } from '#shared/routing/rules.ts'
import type { LoaderContext, LoaderMap, SessionState } from '#shared/routing/types.ts'

/** What a prefetch needs to know about the app. */
export interface PrefetchContext {
  api: ApiClient
  session: SessionState
  mainSiteUrl: string
  product: string
  cache: Cache
}

type Job = () => Promise<void>

const waiting: Job[] = []
const done = new Set<string>()
let pending = 0

/** How many preloads are in flight now (for tests). */
export const pendingPreloads = (): number => pending

/** Whether the connection is too slow to prefetch (Network Information API, where the browser has it). */
export function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection
  return connection?.effectiveType === 'slow-2g' || connection?.saveData === true
}

function pump(): void {
  while (pending < PRELOAD_QUEUE_LIMIT && waiting.length > 0) {
    const job = waiting.shift()!
    pending++
    void job().finally(() => {
      pending--
      pump()
    })
  }
}

/** Loads the page data of a same-origin path into the SWR cache; no-op for unmatched, redirecting or guarded routes. */
export function prefetchRoute(path: string, context: PrefetchContext): void {
  if (done.has(path) || slowConnection()) return
  const url = new URL(path, 'http://localhost')
  const decision = resolveNavigation({ pathname: url.pathname, search: url.search, session: context.session, mainSiteUrl: context.mainSiteUrl })
  if (decision.kind !== 'render' || decision.blocked || !decision.route.page) return
  const loadPage = decision.route.page
  done.add(path)
  // The route's page data is a lazy chunk of its own; a failed load just skips the prefetch.
  loadPage().then((page) => {
    if (page.loaders) queueQueries(url, page.loaders, decision.params, context, path)
  }, () => done.delete(path))
}

/** Queues the anonymous queries of one route for prefetching. */
function queueQueries(url: URL, loaders: (ctx: LoaderContext<never>) => LoaderMap, params: unknown, context: PrefetchContext, path: string): void {
  const search: Record<string, string | string[]> = {}
  for (const [key, value] of url.searchParams) {
    const existing = search[key]
    search[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  const ctx: LoaderContext<never> = { params: params as never, search, session: context.session, product: context.product }
  const queries = Object.values(loaders(ctx)).filter((query) => !query.personal)
  for (const query of queries) {
    const key = unstable_serialize(query.key)
    if (context.cache.get(key)?.data !== undefined) continue
    waiting.push(async () => {
      if (context.cache.get(key)?.data !== undefined) return
      try {
        await mutate(key, query.fetch(context.api), { revalidate: false, populateCache: true })
      } catch {
        // A failed prefetch is not an error: the navigation loads the data again and shows its outcome.
        done.delete(path)
      }
    })
  }
  pump()
}

/** Forgets what was prefetched (tests). */
export function resetPrefetch(): void {
  waiting.length = 0
  done.clear()
}
