/**
 * Route payload prefetch (spec section 2 rule 7, section 9): the loaders of the route a link points to
 * are loaded into the SWR cache, at most 4 at a time; the rest wait their turn (newest first wins
 * nothing: first in, first out). Skipped on slow-2g and when the data is already cached.
 *
 * Backoff: a failed prefetch means the backend is likely failing for the next one too (a goods outage
 * used to make the home page fire ~90 doomed requests). After a failure the queue is dropped and
 * prefetching for links coming into view pauses, 5 s after the first failure in a row, doubling up to
 * 60 s; a success ends the streak. A shopper's intent (pointer or focus on a link) still prefetches.
 * While a client navigation waits for its code and data, the prefetches for links in view wait too, and
 * those whose link has gone with the page it was on are dropped.
 *
 * Beside the data, the first link to each route loads the code a tap on it runs (the client navigation
 * and the route's view, client/lib/navigation-preload.ts), in idle time too: a tap then waits for no chunk.
 */
import { mutate, unstable_serialize } from 'swr'
import type { Cache } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { PRELOAD_QUEUE_LIMIT } from '#shared/constants.ts'
import { parseSearch } from '#shared/routing/search.ts'
// The queue is itself loaded with the first prefetch, so it takes the routing kit along.
import { isPageRoute, loadRouteModule, resolveNavigation, routeQueries } from '#client/navigation/routing-kit.ts'
import { preloadNavigation } from '#client/lib/navigation-preload.ts'
import { slowConnection } from './slow-connection.ts'
import { nextTask } from '#client/lib/next-task.ts'
import { idleTask } from '#client/lib/when-idle.ts'
import { fetchOnce, resetSingleFlight } from '#client/lib/single-flight.ts'
import type { LoaderContext, LoaderMap, SessionState } from '#shared/routing/types.ts'

/** What a prefetch needs to know about the app. */
export interface PrefetchContext {
  api: ApiClient
  session: SessionState
  mainSiteUrl: string
  product: string
  cache: Cache
}

/** How often a queue held by a navigation looks again whether the navigation is over. */
const NAVIGATION_RECHECK_MS = 200

/** The pause after the first failure in a row; each further failure doubles it. */
export const PREFETCH_BACKOFF_BASE_MS = 5_000
/** The longest pause. */
export const PREFETCH_BACKOFF_MAX_MS = 60_000

interface Job {
  /** Loads the code the job's fetch needs (its gateway module and schemas), asking for nothing. */
  code: () => Promise<unknown>
  run: () => Promise<void>
  path: string
  intent: boolean
}

const waiting: Job[] = []
const done = new Set<string>()
let pending = 0
let failures = 0
let pausedUntil = 0

/** How many preloads are in flight now (for tests). */
export const pendingPreloads = (): number => pending

/** Whether prefetching for links in view is paused after failures (intent still prefetches). */
export const prefetchPaused = (): boolean => Date.now() < pausedUntil

/**
 * Records a failed prefetch: pauses with a doubling delay and drops what waits for its turn. Failures
 * of the batch that was in flight when the pause began do not lengthen it.
 */
function failed(path: string): void {
  if (!prefetchPaused()) {
    failures++
    pausedUntil = Date.now() + Math.min(PREFETCH_BACKOFF_BASE_MS * 2 ** (failures - 1), PREFETCH_BACKOFF_MAX_MS)
  }
  done.delete(path)
  for (let index = waiting.length - 1; index >= 0; index--) {
    const job = waiting[index]!
    if (job.intent) continue
    waiting.splice(index, 1)
    done.delete(job.path)
  }
}

function succeeded(): void {
  failures = 0
}

/**
 * zod, the API client and the common models, evaluated in a task of their own before the first
 * prefetch's gateway module evaluates its group of schemas: together they were one 10–15 ms task.
 */
let schemaKit: Promise<void> | undefined
const loadSchemaKit = (): Promise<void> =>
  (schemaKit ??= import('#shared/models/common.ts').then(
    () => nextTask(),
    () => undefined,
  ))

/**
 * A prefetch for a link in view waits for idle time, at the latest this long, before each of its
 * steps; one the shopper asked for (pointer or focus) only for the next task.
 */
export const PREFETCH_IDLE_TIMEOUT_MS = 1_000

const turn = (intent: boolean): Promise<void> => (intent ? nextTask() : idleTask(PREFETCH_IDLE_TIMEOUT_MS))

/** What the code-only client answers every call with. */
const CODE_ONLY = new Error('prefetch: code only')

/**
 * A client that answers every call at once with an error, before any request: a query's fetch run
 * with it imports its gateway module (and so its endpoint's schemas) and stops at its first call.
 */
const codeOnly = (api: ApiClient): ApiClient => ({ product: api.product, call: () => Promise.reject(CODE_ONLY) })

/** A client navigation is on its way (app.tsx marks the document until it is followed). */
const navigating = (): boolean => globalThis.document?.documentElement.dataset.navigating !== undefined

/**
 * Whether a link to `path` is still in the document. A prefetch for a link in view that waited (for idle
 * time, or held by a navigation) is dropped once its link has gone with the page it was on: the shopper
 * left that page, and its data would only compete with the new page's.
 */
function linkStillThere(path: string): boolean {
  const document = globalThis.document
  if (typeof document?.querySelector !== 'function') return true
  return document.querySelector(`a[href="${path.replace(/["\\]/g, '\\$&')}"]`) !== null
}

/** The recheck of the queue while a navigation holds it. */
let held: ReturnType<typeof setTimeout> | undefined

function pump(): void {
  // While a navigation waits for its code and data, links coming into view wait too: their
  // prefetches would compete with it for the network. A shopper's intent still goes first.
  if (navigating() && !waiting.some((job) => job.intent)) {
    held ??= setTimeout(() => {
      held = undefined
      pump()
    }, NAVIGATION_RECHECK_MS)
    return
  }
  while (pending < PRELOAD_QUEUE_LIMIT && waiting.length > 0) {
    const index = navigating() ? waiting.findIndex((job) => job.intent) : 0
    if (index < 0) return pump()
    const [job] = waiting.splice(index, 1) as [Job]
    pending++
    // Each prefetch starts in a task of its own: starting a fetch (and the first one's loading of the
    // API client and schemas) costs the main thread a few milliseconds, and a batch of links coming
    // into view together made one long task shortly after the first load. A prefetch of a link in view
    // takes idle time for it, so it never delays what the page is doing.
    void turn(job.intent)
      .then(loadSchemaKit)
      .then(() => turn(job.intent))
      // A link's prefetch loads its code before it looks whether a navigation is on its way, so
      // nothing stands between that look and its request: on a slow network the gateway module and its
      // schemas take seconds, and a navigation that began meanwhile met this job's request.
      .then(() => (job.intent ? undefined : job.code()))
      .then(() => {
        // A navigation that began while this job waited for its turn (or for its code) holds it too:
        // it goes back to the head of the queue.
        if (!job.intent && navigating()) waiting.unshift(job)
        else if (job.intent || linkStillThere(job.path)) return job.run()
        // Its link may come into view again (Back): then it is asked for anew.
        else done.delete(job.path)
      })
      .finally(() => {
        pending--
        pump()
      })
  }
}

/** Routes whose view code is loaded or on its way (one load per route, whichever link asked first). */
const viewsLoaded = new Set<string>()

/**
 * Loads the code a tap on a link to route `name` runs (the client navigation and the route's view), in
 * idle time like the link's data; a failed load is asked for again by the next link to that route.
 * While a navigation waits, it loads its own code: nothing is started beside it.
 */
function preloadView(name: string, intent: boolean): void {
  if (viewsLoaded.has(name)) return
  viewsLoaded.add(name)
  void turn(intent)
    .then(() => (navigating() ? viewsLoaded.delete(name) : preloadNavigation(name)))
    .catch(() => viewsLoaded.delete(name))
}

/** Options of `prefetchRoute`. */
export interface PrefetchOptions {
  /** The shopper pointed at or focused the link: prefetch even while paused after failures. */
  intent?: boolean
}

/** Loads the page data of a same-origin path into the SWR cache; no-op for unmatched, redirecting or guarded routes. */
export function prefetchRoute(path: string, context: PrefetchContext, options: PrefetchOptions = {}): void {
  const intent = options.intent === true
  if (done.has(path) || slowConnection() || (!intent && prefetchPaused())) return
  const url = new URL(path, 'http://localhost')
  const decision = resolveNavigation({
    pathname: url.pathname,
    search: url.search,
    session: context.session,
    mainSiteUrl: context.mainSiteUrl,
  })
  const name = decision.kind === 'render' ? decision.route.name : undefined
  if (decision.kind !== 'render' || decision.blocked || name === undefined || !isPageRoute(name)) return
  done.add(path)
  preloadView(name, intent)
  // The route module is a lazy chunk of its own; a failed load just skips the prefetch.
  loadRouteModule(name).then(
    (module) => {
      queueQueries(url, (ctx) => routeQueries(module, ctx), decision.params, context, path, intent)
    },
    () => failed(path),
  )
}

/** Queues the anonymous queries of one route for prefetching. */
function queueQueries(
  url: URL,
  loaders: (ctx: LoaderContext<unknown>) => LoaderMap,
  params: unknown,
  context: PrefetchContext,
  path: string,
  intent: boolean,
): void {
  const ctx: LoaderContext<unknown> = {
    params,
    search: parseSearch(url.search),
    session: context.session,
    product: context.product,
  }
  const queries = Object.values(loaders(ctx)).filter((query) => !query.personal)
  for (const query of queries) {
    const key = unstable_serialize(query.key)
    if (context.cache.get(key)?.data !== undefined) continue
    waiting.push({
      path,
      intent,
      code: () => query.fetch(codeOnly(context.api)).catch(() => undefined),
      run: async () => {
        if (context.cache.get(key)?.data !== undefined) return
        try {
          // A key whose fetch has just failed is not asked for again: the shopper's focus on the link
          // they click would otherwise prefetch the failing data once more before the navigation.
          await mutate(
            key,
            fetchOnce(key, () => query.fetch(context.api), { reuseFailure: true }),
            {
              revalidate: false,
              populateCache: true,
            },
          )
          succeeded()
        } catch {
          // A failed prefetch is not an error: the navigation takes its failure (or, a few seconds
          // later, loads the data again) and shows its outcome. It is a sign, though, that the next
          // prefetches would fail as well.
          failed(path)
        }
      },
    })
  }
  pump()
}

/** Forgets what was prefetched, any backoff and the kept failures (tests). */
export function resetPrefetch(): void {
  resetSingleFlight()
  waiting.length = 0
  clearTimeout(held)
  held = undefined
  done.clear()
  viewsLoaded.clear()
  failures = 0
  pausedUntil = 0
}
