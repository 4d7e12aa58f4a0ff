/**
 * A page request, decided and answered. Decide: the page cache, the page data budget, the shared
 * steps of `preparePage`, the route's loaders and the page outcome. Answer: the policy below gives
 * the status, Cache-Control and redirect of every outcome; send-document.tsx then sends the bytes.
 */
import { setMaxListeners } from 'node:events'
import { unstable_serialize } from 'swr'
import { AppError, ERROR_CODES, toAppError, type ErrorCode } from '#shared/api/errors.ts'
import { isNotFoundStatus } from '#shared/api/page-status.ts'
import { COOKIE } from '#shared/cookies.ts'
import type { LoadedPage, PageOutcome } from '#shared/routing/outcome.ts'
import { preparePage, type PreparedRoute, type RuledPage } from '#shared/routing/prepare-page.ts'
import { parseRequestTarget } from '#shared/routing/request-target.ts'
import { notFoundMessage } from '#shared/routing/rules.ts'
import type { LoadQuery, Query, SharedQuery } from '#shared/routing/query.ts'
import type { LoaderMap, PageMeta } from '#shared/routing/types.ts'
import type { View } from '#shared/routing/view.ts'
import { pageCacheKey } from '../caching/page-cache.ts'
import { cookieName } from '../session/cookies.ts'
import { botErrorBody } from './document.ts'
import type { PageContext, PageRequest, PageTarget, RenderDeps } from './page-context.ts'
import { sendCached, sendDocument, sendHtml, sendRedirect, type AnswerHeaders } from './send-document.tsx'

/** Gateway calls (with their retries) that may listen on one page's abort signal at once. */
const PAGE_SIGNAL_LISTENERS = 64

/** Cache-Control of anonymous pages: fit for a CDN (DESIGN.md section 6). */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
/** Cache-Control of anything personal or cookie-dependent. */
export const PRIVATE_CACHE = 'private, no-store'
/** Cache-Control of the redirect to the profile on the main site: the same for everyone. */
const PROFILE_REDIRECT_CACHE = 'public, max-age=3600'
/** Retry-After of an outage page, in seconds. */
const OUTAGE_RETRY_AFTER = '900'

/** The error view's title: the registry's text of the not-found and the outage views. */
const ERROR_TITLES = { notFound: ERROR_CODES.not_found.message, outage: ERROR_CODES.unavailable.message }

interface Loaded extends LoadedPage {
  /** SWR fallback: each loaded query's data under its serialized key. */
  fallback: Record<string, unknown>
  personal: boolean
}

/** What a request comes to: a routing rule's answer, or a route's outcome once its data is in. */
type Decided = RuledPage | (Omit<PreparedRoute, 'outcome'> & { loaded: Loaded; outcome: PageOutcome })

/** Renders the page for a request; never throws (failures become error pages). */
export async function renderPage(deps: RenderDeps, page: PageRequest, target: PageTarget): Promise<void> {
  const { request, session } = page
  const cacheKey = pageCacheKeyOf(deps, page)
  if (cacheKey !== undefined) {
    let found = deps.pageCache.lookup(cacheKey)
    // The same page is being rendered for another visitor: wait for it rather than render it twice.
    const running = found.kind === 'miss' ? deps.pageCache.renderingOf(cacheKey) : undefined
    if (running) {
      await waitAtMost(running, deps.config.timeouts.pageDataBudgetMs)
      found = deps.pageCache.lookup(cacheKey)
    }
    if (found.kind !== 'miss') return sendCached(page, found)
    if (request.method === 'GET') page.reply.raw.once('close', deps.pageCache.begin(cacheKey))
  }

  // The upstream calls of a page are aborted when the browser disconnects or the data budget runs out.
  const controller = new AbortController()
  // Each gateway call of the page listens on this signal while it runs: the home page makes fifteen at
  // once, past Node's default of ten, which would print a leak warning for every such page.
  setMaxListeners(PAGE_SIGNAL_LISTENERS, controller.signal)
  const budget = setTimeout(
    () => controller.abort(new AppError('timeout', 'page data budget exceeded')),
    deps.config.timeouts.pageDataBudgetMs,
  )
  const onClose = () => controller.abort(new AppError('aborted', 'client disconnected'))
  request.raw.once('close', onClose)

  try {
    const state = session.state()
    // The gateway client is made here, past the page cache: a kept page calls nothing.
    const ctx: PageContext = {
      ...page,
      api: request.api,
      deps,
      target,
      state,
      bot: state.bot === true,
      signal: controller.signal,
    }
    let decided = await decide(ctx)
    // A refused refresh ends the session: decide once more as the anonymous visitor, not an error page.
    const retried = decided.kind === 'route' && session.ended
    if (retried) {
      ctx.state = session.state()
      decided = await decide(ctx)
    }
    // The browser left while the data loaded: nobody waits for the page.
    if (
      decided.kind === 'route' &&
      controller.signal.aborted &&
      controller.signal.reason instanceof AppError &&
      controller.signal.reason.code === 'aborted'
    )
      return
    await answer(ctx, decided, !retried && request.method === 'GET' ? cacheKey : undefined)
  } finally {
    clearTimeout(budget)
    request.raw.off('close', onClose)
  }
}

/** The shared steps of `preparePage`, the route's loaders, then the shared outcome of its data. */
async function decide(ctx: PageContext): Promise<Decided> {
  const { deps, target, state } = ctx
  const prepared = await preparePage({
    pathname: target.pathname,
    search: target.search,
    matched: target.matched,
    session: state,
    mainSiteUrl: deps.config.mainSiteUrl,
    product: deps.config.product,
  })
  if (prepared.kind === 'rules') return prepared
  if (state.authorized) await ctx.session.ensureFresh()
  const loaded = await runLoaders(deps, ctx, prepared.toLoad, prepared.view.keys, ctx.signal)
  return { ...prepared, loaded, outcome: prepared.outcome(loaded, ctx.origin) }
}

/**
 * The answer policy, one row per way a request ends:
 *
 * | decided                          | status                   | Cache-Control                                       |
 * |----------------------------------|--------------------------|-----------------------------------------------------|
 * | rule: not found                  | 404 error page           | private                                             |
 * | rule: profile on the main site   | 301 redirect             | public, max-age=3600                                |
 * | rule: any other redirect         | its 301/302 redirect     | private                                             |
 * | route: essential data failed     | 404/422, 504 or 502/503  | private; Retry-After 900 unless not found           |
 * | route: gateway redirect (rule 3) | 301/302 redirect         | private when the data was personal or signed in     |
 * | route: canonical path            | 301 redirect             | private when signed in                              |
 * | route: page                      | 200 document             | private when personal, signed in, guarded, or a     |
 * |                                  |                          | cookie change is pending; else public (page cache)  |
 */
async function answer(ctx: PageContext, decided: Decided, cacheKey: string | undefined): Promise<void> {
  const { request, state } = ctx
  if (decided.kind === 'rules') {
    const { decision } = decided
    if (decision.kind === 'not-found') {
      request.log.info({ route: 'not-found' }, decision.message)
      return sendError(ctx, 404, 'not_found', decision.message)
    }
    const cacheControl = decision.rule === 'profile-external' ? PROFILE_REDIRECT_CACHE : PRIVATE_CACHE
    return sendRedirect(ctx, decision.location, { status: decision.status, cacheControl })
  }

  const { decision, loaded, outcome } = decided
  const route = decision.route
  switch (outcome.kind) {
    case 'error':
      if (outcome.reason.kind === 'loader') {
        const { error } = outcome.reason
        request.log.warn(
          { route: route.name, code: error.code, endpoint: error.endpoint, status: outcome.status },
          'essential page data failed',
        )
      } else {
        request.log.warn({ route: route.name }, 'refused a gateway redirect to a foreign origin')
      }
      return sendError(ctx, outcome.status, outcome.code, outcome.message)
    case 'redirect': {
      const personal = outcome.rule === 'server-redirect' ? loaded.personal || state.authorized : state.authorized
      const cacheControl = personal ? PRIVATE_CACHE : PUBLIC_PAGE_CACHE
      return sendRedirect(ctx, outcome.location, { status: outcome.status, cacheControl })
    }
    case 'page': {
      const isPrivate = loaded.personal || state.authorized || route.guards.length > 0 || cookieChangePending(ctx)
      return sendDocument(ctx, {
        ...documentHeaders(200, isPrivate),
        view: decided.view,
        meta: outcome.meta,
        fallback: loaded.fallback,
        canonicalPath: outcome.canonicalPath,
        // Only an anonymous page that sets no cookie goes into the page cache.
        cacheAs: isPrivate ? undefined : cacheKey,
      })
    }
  }
}

/** Status and caching headers of a document: an error page is never public, an outage asks to retry later. */
function documentHeaders(status: number, isPrivate: boolean): AnswerHeaders {
  const isPublic = !isPrivate && status < 400
  return {
    status,
    cacheControl: isPublic ? PUBLIC_PAGE_CACHE : PRIVATE_CACHE,
    // Anonymous pages do not vary on the cookies every visitor has (device id, consent, city): a CDN
    // bypasses its cache on the session cookie instead (DESIGN.md section 6).
    varyCookie: !isPublic,
    retryAfter: status >= 400 && !isNotFoundStatus(status) ? OUTAGE_RETRY_AFTER : undefined,
  }
}

/**
 * Whether the answer will set a cookie: one already on the reply, or the session's change that its
 * commit writes before the first byte. A refresh only happens for a signed-in visitor (whose page is
 * private anyway), so of the session's changes only the end of a session is left to ask about.
 */
function cookieChangePending(ctx: PageContext): boolean {
  return ctx.session.ended || ctx.reply.hasHeader('set-cookie')
}

/** Sends an error page: the not-found or outage view for people, a minimal body for bots. */
async function sendError(ctx: PageContext, status: number, code: ErrorCode, message: string | undefined) {
  const notFound = isNotFoundStatus(status)
  if (ctx.bot) {
    const path = parseRequestTarget(ctx.request.url).pathname
    // The same headers as a person's error page: a crawler reads Retry-After on an outage.
    return sendHtml(
      ctx,
      botErrorBody(status, notFound ? notFoundMessage(path) : 'Service unavailable'),
      documentHeaders(status, true),
    )
  }
  const title = ERROR_TITLES[notFound ? 'notFound' : 'outage']
  const meta: PageMeta = { title, description: title, robots: 'noindex' }
  // Rule 5's `Page not found: {path}` travels with the not-found view; other messages never reach the page.
  const view: View = {
    kind: 'error',
    status,
    code,
    requestId: ctx.request.id,
    ...(code === 'not_found' && message !== undefined ? { message } : {}),
  }
  await sendDocument(ctx, { ...documentHeaders(status, true), view, meta, fallback: {}, canonicalPath: undefined })
}

/**
 * The page-cache key of a request, or undefined when its answer must not come from (or go into) the
 * cache: the cache is off, or the visitor has a session cookie (signed in, or a refresh pending).
 */
function pageCacheKeyOf(deps: RenderDeps, page: PageRequest): string | undefined {
  const state = page.session.state()
  if (!deps.pageCache.enabled || state.authorized) return undefined
  const cookies = page.request.cookies
  const present = (name: string) => cookies[cookieName(page.request, name)] !== undefined
  if (present(COOKIE.accessToken) || present(COOKIE.refreshToken)) return undefined
  return pageCacheKey({
    url: page.request.url,
    origin: page.origin,
    buildId: deps.manifest.buildId,
    bot: state.bot === true,
    customerCode: state.customerCode,
    incompleteProfile: state.incompleteProfile,
    ecomEnabled: state.ecomEnabled,
  })
}

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ])
  clearTimeout(timer)
}

/**
 * The loader of shared queries: through the query store (decision 025), each key fetched once for
 * every waiter with the store's own signal and the client without a session; `signal` only ends this
 * page's wait. Sub-queries (the tree a category's place is read from) go through the store too.
 */
function storeLoader(deps: RenderDeps, ctx: Pick<PageContext, 'request'>) {
  const { queryStore } = deps
  // A shared fetch runs with the store's own signal, and its sub-queries wait with that signal.
  const loadKeyed = <T>(key: string, query: SharedQuery<T>, wait: AbortSignal): Promise<T> =>
    queryStore.load(key, (own) => query.fetch(ctx.request.sharedApi(), own, loadWith(own)), wait)
  // Without the store nothing is looked up by key: a sub-query's key is not even made.
  const loadWith =
    (wait: AbortSignal): LoadQuery =>
    (query) =>
      loadKeyed(queryStore.enabled ? keyOf(query) : '', query, wait)
  return loadKeyed
}

const keyOf = (query: Query<unknown>): string => unstable_serialize(query.key)

/** Runs the loaders: shared queries through the query store, personal ones with the visitor's client. */
async function runLoaders(
  deps: RenderDeps,
  ctx: Pick<PageContext, 'request' | 'api'>,
  queries: LoaderMap,
  /** The queries' SWR keys, already serialized for the view. */
  keys: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<Loaded> {
  const data: Record<string, unknown> = {}
  const failures: Record<string, AppError> = {}
  const fallback: Record<string, unknown> = {}
  let personal = false
  let shared: ReturnType<typeof storeLoader> | undefined
  const settled = await Promise.all(
    Object.entries(queries).map(async ([name, query]) => {
      personal ||= query.personal
      const key = keys[name] ?? keyOf(query)
      try {
        const value = query.personal
          ? await query.fetch(ctx.api, signal)
          : await (shared ??= storeLoader(deps, ctx))(key, query, signal)
        return { name, key, ok: true as const, value }
      } catch (cause) {
        return { name, key, ok: false as const, error: toAppError(cause) }
      }
    }),
  )
  // Filled in the loaders' order, not in the order their answers came: the same data gives the same bytes.
  for (const result of settled) {
    if (result.ok) {
      data[result.name] = result.value
      fallback[result.key] = result.value
    } else {
      failures[result.name] = result.error
    }
  }
  return { data, failures, fallback, personal }
}
