/**
 * Server rendering of a page: the routing rules, the route's loaders (with the page data budget and
 * the anonymous cache), the status and headers decided before the first byte, then
 * `renderToPipeableStream` streaming the shell as soon as it is ready (all content first for bots).
 */
import { setMaxListeners } from 'node:events'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { renderToPipeableStream } from 'react-dom/server'
import { unstable_serialize } from 'swr'
import { AppError, ERROR_CODES, toAppError, type ErrorCode } from '#shared/api/errors.ts'
import type { ApiClient } from '#shared/api/client.ts'
import { SITE_NAME } from '#shared/constants.ts'
import { notFoundMessage, resolveNavigation, type Decision, type PathMatch } from '#shared/routing/rules.ts'
import { parseRequestTarget } from '#shared/routing/request-target.ts'
import { pageOutcome, queryKeys, routeQueries, type LoadedPage, type PageOutcome } from '#shared/routing/outcome.ts'
import { isPageRoute, loadRouteModule } from '#shared/routing/route-modules.ts'
import { parseSearch } from '#shared/routing/search.ts'
import type { LoaderMap, PageMeta, SessionState } from '#shared/routing/types.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import { App } from '#client/app/app.tsx'
import type { BootData, View } from '#client/app/boot.ts'
import { PAGE_MODULES, hasPage } from '#client/views/registry.ts'
import type { AnonymousCache } from '../caching/data-cache.ts'
import { cookieName } from '../session/cookies.ts'
import { COOKIE } from '#shared/cookies.ts'
import { pageCacheKey, type PageCache, type PageLookup } from '../caching/page-cache.ts'
import type { Config } from '../config.ts'
import type { Metrics } from '../metrics.ts'
import type { RequestSession } from '../session/request-session.ts'
import { botErrorBody, documentHead, documentTail } from './document.ts'
import { preloadsFor, type ClientManifest } from './manifest.ts'
import type { RenderSlots } from './render-slots.ts'
import type { RenderTurns } from './render-turns.ts'
import type { DataBlocks } from '../caching/data-block.ts'
import type { Fragments } from '../caching/fragments.tsx'
import { FragmentCacheContext } from '#client/components/fragment-cache.tsx'
import { CoalescingStream } from './coalesce.ts'
import { renderAtOnce } from './render-at-once.ts'

export interface RenderDeps {
  /** Limits concurrent streamed renders (first in, first out). */
  slots: RenderSlots
  /** Renders take turns with the event loop, first in, first out (render-turns.ts). */
  turns: RenderTurns
  /** The data block's text, the fallback kept for shared values (server/caching/data-block.ts). */
  dataBlocks: DataBlocks
  /** Cards' HTML kept per shared data object (server/caching/fragments.tsx). */
  fragments: Fragments
  config: Config
  manifest: ClientManifest
  metrics: Metrics
  cache: AnonymousCache
  /** Rendered anonymous pages (server/caching/page-cache.ts). */
  pageCache: PageCache
  publicConfig: PublicConfig
}

export interface PageRequest {
  request: FastifyRequest
  reply: FastifyReply
  session: RequestSession
  api: ApiClient
  origin: string
}

/** The request target, matched once by the pages plugin (for its metrics label) and passed on here. */
export interface PageTarget {
  /** The raw (still percent-encoded) pathname. */
  pathname: string
  /** The raw query string (`?…` or ''). */
  search: string
  matched: PathMatch
}

/** Gateway calls (with their retries) that may listen on one page's abort signal at once. */
const PAGE_SIGNAL_LISTENERS = 64

/** Cache-Control of anonymous pages: fit for a CDN (DESIGN.md section 6). */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
/** Cache-Control of anything personal or cookie-dependent. */
export const PRIVATE_CACHE = 'private, no-store'

/** The error view's title: the registry's text of the not-found and the outage views. */
const ERROR_TITLES = { notFound: ERROR_CODES.not_found.message, outage: ERROR_CODES.unavailable.message }

interface Loaded extends LoadedPage {
  /** SWR fallback: each loaded query's data under its serialized key. */
  fallback: Record<string, unknown>
  personal: boolean
}

/** What a request comes to: a routing rule's answer, or a route's outcome once its data is in. */
type Decided =
  | { kind: 'rules'; decision: Exclude<Decision, { kind: 'render' }> }
  | {
      kind: 'route'
      decision: Extract<Decision, { kind: 'render' }>
      search: ReturnType<typeof parseSearch>
      queries: LoaderMap
      loaded: Loaded
      outcome: PageOutcome
    }

/** Renders the page for a request; never throws (failures become error pages). */
export async function renderPage(deps: RenderDeps, page: PageRequest, target: PageTarget): Promise<void> {
  const { request, session } = page
  const cacheKey = pageCacheKeyOf(deps, page, session.state())
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
    let state = session.state()
    let decided = await decide(deps, page, target, state, controller.signal)
    // A refused refresh ends the session: decide once more as the anonymous visitor, not an error page.
    const retried = decided.kind === 'route' && session.ended
    if (retried) {
      state = session.state()
      decided = await decide(deps, page, target, state, controller.signal)
    }
    // The browser left while the data loaded: nobody waits for the page.
    if (
      decided.kind === 'route' &&
      controller.signal.aborted &&
      controller.signal.reason instanceof AppError &&
      controller.signal.reason.code === 'aborted'
    )
      return
    const cacheAs = !retried && request.method === 'GET' ? cacheKey : undefined
    await answer(deps, page, target, decided, state, cacheAs)
  } finally {
    clearTimeout(budget)
    request.raw.off('close', onClose)
  }
}

/** Applies the routing rules, then runs the route's loaders and takes the shared outcome of its data. */
async function decide(
  deps: RenderDeps,
  page: PageRequest,
  target: PageTarget,
  state: SessionState,
  signal: AbortSignal,
): Promise<Decided> {
  const decision = resolveNavigation({
    pathname: target.pathname,
    search: target.search,
    matched: target.matched,
    session: state,
    mainSiteUrl: deps.config.mainSiteUrl,
  })
  if (decision.kind !== 'render') return { kind: 'rules', decision }
  const name = decision.route.name
  if (!isPageRoute(name))
    return {
      kind: 'rules',
      decision: { kind: 'not-found', status: 404, message: notFoundMessage(target.matched.pathname) },
    }
  const module = await loadRouteModule(name)
  const search = parseSearch(target.search)
  const ctx = { params: decision.params, search, session: state, product: deps.config.product }
  if (state.authorized) await page.session.ensureFresh()
  const queries = routeQueries(module, ctx)
  // A guarded page without a session renders its frame only: its loaders wait for the sign-in.
  const loaded = await runLoaders(deps, page.api, decision.blocked === 'login' ? {} : queries, signal)
  const outcome = pageOutcome({
    module,
    ctx,
    queries,
    loaded,
    pathname: target.pathname,
    search: target.search,
    origin: page.origin,
    mainSiteUrl: deps.config.mainSiteUrl,
  })
  return { kind: 'route', decision, search, queries, loaded, outcome }
}

/** Answers what `decide` came to: a redirect, an error page, or the page streamed. */
async function answer(
  deps: RenderDeps,
  page: PageRequest,
  target: PageTarget,
  decided: Decided,
  state: SessionState,
  cacheAs: string | undefined,
): Promise<void> {
  const { request, reply, session } = page
  const bot = state.bot === true
  if (decided.kind === 'rules') {
    const { decision } = decided
    if (decision.kind === 'not-found') {
      request.log.info({ route: 'not-found' }, decision.message)
      return sendError(deps, page, 404, 'not_found', decision.message, state, bot)
    }
    session.commit(reply)
    reply.header('cache-control', decision.rule === 'profile-external' ? 'public, max-age=3600' : PRIVATE_CACHE)
    return void reply.redirect(decision.location, decision.status)
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
      return sendError(deps, page, outcome.status, outcome.code, outcome.message, state, bot)
    case 'redirect': {
      session.commit(reply)
      const personal = outcome.rule === 'server-redirect' ? loaded.personal || state.authorized : state.authorized
      reply.header('cache-control', personal ? PRIVATE_CACHE : PUBLIC_PAGE_CACHE)
      return void reply.redirect(outcome.location, outcome.status)
    }
    case 'page': {
      const view: View = {
        kind: 'page',
        route: route.name,
        params: decision.params,
        search: decided.search,
        blocked: decision.blocked,
        keys: queryKeys(decided.queries),
      }
      const personal = loaded.personal || state.authorized || route.guards.length > 0
      return stream(deps, page, {
        status: 200,
        view,
        meta: outcome.meta,
        fallback: loaded.fallback,
        personal,
        state,
        bot,
        canonicalPath: outcome.canonicalPath,
        cacheAs,
      })
    }
  }
}

/**
 * The page-cache key of a request, or undefined when its answer must not come from (or go into) the
 * cache: the cache is off, or the visitor has a session cookie (signed in, or a refresh pending).
 */
function pageCacheKeyOf(deps: RenderDeps, page: PageRequest, state: SessionState): string | undefined {
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

/** Answers a page from the cache (`x-page-cache` says fresh or stale, for operators and tests). */
function sendCached(page: PageRequest, found: Exclude<PageLookup, { kind: 'miss' }>): void {
  page.reply.code(found.page.status).headers(found.page.headers).header('x-page-cache', found.kind)
  void page.reply.send(found.page.body)
}

/** Runs the loaders; anonymous queries go through the shared cache. */
async function runLoaders(deps: RenderDeps, api: ApiClient, queries: LoaderMap, signal: AbortSignal): Promise<Loaded> {
  const data: Record<string, unknown> = {}
  const failures: Record<string, AppError> = {}
  const fallback: Record<string, unknown> = {}
  let personal = false
  const settled = await Promise.all(
    Object.entries(queries).map(async ([name, query]) => {
      personal ||= query.personal
      const key = unstable_serialize(query.key)
      try {
        const value = query.personal
          ? await query.fetch(api, signal)
          : await deps.cache.get(key, () => query.fetch(api, signal))
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

interface StreamInput {
  status: number
  view: View
  meta: PageMeta
  fallback: Record<string, unknown>
  personal: boolean
  state: SessionState
  bot: boolean
  canonicalPath: string | undefined
  /** The page-cache key to store the answer under, when the request may be cached at all. */
  cacheAs?: string | undefined
}

/** Sends an error page: the not-found or outage view for people, a minimal body for bots. */
async function sendError(
  deps: RenderDeps,
  page: PageRequest,
  status: number,
  code: ErrorCode,
  message: string | undefined,
  state: SessionState,
  bot: boolean,
): Promise<void> {
  const { reply } = page
  page.session.commit(reply)
  if (bot) {
    reply.code(status).header('cache-control', PRIVATE_CACHE).type('text/html; charset=utf-8')
    const path = parseRequestTarget(page.request.url).pathname
    return void reply.send(
      botErrorBody(status, status === 404 || status === 422 ? notFoundMessage(path) : 'Service unavailable'),
    )
  }
  const notFound = status === 404 || status === 422
  const title = ERROR_TITLES[notFound ? 'notFound' : 'outage']
  const meta: PageMeta = { title, description: title, robots: 'noindex' }
  // Rule 5's `Page not found: {path}` travels with the not-found view; other messages never reach the page.
  const view: View = {
    kind: 'error',
    status,
    code,
    requestId: page.request.id,
    ...(code === 'not_found' && message !== undefined ? { message } : {}),
  }
  await stream(deps, page, { status, view, meta, fallback: {}, personal: true, state, bot, canonicalPath: undefined })
}

/** Sets status and headers, then streams the React tree between the document head and tail. */
async function stream(deps: RenderDeps, page: PageRequest, input: StreamInput): Promise<void> {
  const { request, reply, session } = page
  const routeName = input.view.kind === 'page' ? input.view.route : 'error'
  const Page =
    input.view.kind === 'page' && hasPage(input.view.route) ? (await PAGE_MODULES[input.view.route]()).Page : undefined
  const userId = session.userId()
  const boot: BootData = {
    config: deps.publicConfig,
    session: {
      authorized: input.state.authorized,
      userId: input.state.authorized ? userId : undefined,
      incompleteProfile: input.state.incompleteProfile,
      ecomEnabled: input.state.ecomEnabled,
    },
    view: input.view,
    fallback: input.fallback,
  }
  const url = parseRequestTarget(request.url)
  const head = documentHead({
    meta: input.meta,
    canonicalUrl: input.canonicalPath ? new URL(input.canonicalPath, page.origin).toString() : undefined,
    origin: page.origin,
    css: deps.manifest.css,
    consentMark: deps.manifest.consentMark,
    preloads: preloadsFor(deps.manifest, input.view.kind === 'page' ? input.view.route : undefined, {
      signedIn: input.state.authorized,
      ecom: input.state.ecomEnabled,
    }),
    siteName: SITE_NAME,
  })
  // The data block carries the fallback and the view's keys packed (boot-pack.ts); the server's own render uses them as is.
  const tail = documentTail(deps.dataBlocks.serialize(boot), deps.manifest.entry)

  session.commit(reply)
  const setsCookie = reply.hasHeader('set-cookie')
  const isPrivate = input.personal || setsCookie || input.status >= 400
  reply
    .code(input.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', isPrivate ? PRIVATE_CACHE : PUBLIC_PAGE_CACHE)
  // Anonymous pages do not vary on the cookies every visitor has (device id, consent, city): a CDN
  // bypasses its cache on the session cookie instead (DESIGN.md section 6).
  if (isPrivate) reply.header('vary', 'Cookie')
  if (input.status >= 400 && input.status !== 404 && input.status !== 422) reply.header('retry-after', '900')

  // Never a personal answer, a signed-in one (no cache key) or one that sets a cookie.
  const cacheAs = !isPrivate && input.status === 200 ? input.cacheAs : undefined
  const storeInCache = (body: Buffer) => {
    // Set-Cookie is written by @fastify/cookie's onSend hook, so only once sent is it certain there is none.
    if (cacheAs !== undefined && !reply.hasHeader('set-cookie'))
      deps.pageCache.store(cacheAs, {
        status: input.status,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PUBLIC_PAGE_CACHE },
        body,
      })
  }
  const renderStarted = performance.now()
  const observe = () =>
    deps.metrics.renderDuration.observe(
      { route: routeName, status: String(input.status) },
      (performance.now() - renderStarted) / 1000,
    )
  const fragments = deps.fragments.forPage()
  const element = (
    <FragmentCacheContext value={fragments}>
      <App boot={boot} api={page.api} page={Page} ssrPath={url.pathname} ssrSearch={url.search.slice(1)} />
    </FragmentCacheContext>
  )

  // The render waits for its turn of the event loop, so connections, requests and gateway answers are
  // taken between renders (render-turns.ts); nothing is rendered for a browser that left meanwhile.
  await deps.turns.next()
  if (reply.raw.destroyed) return

  // The page's data is loaded, so the tree renders without suspending: the string renderer gives the
  // same HTML for about half the CPU of the streaming one, and the document leaves in one write with
  // its length (decision 012).
  const html = renderAtOnce(element)
  if (html !== undefined) {
    // Encoded once: the socket gets these bytes and their length as is, and the page cache keeps them.
    const document = Buffer.from(head + html + tail)
    reply.raw.once('finish', () => {
      observe()
      if (cacheAs !== undefined) storeInCache(document)
    })
    reply.send(document)
    // What this page missed is rendered alone and kept once the page is on its way.
    return fragments?.fill()
  }
  deps.metrics.streamedRenders.inc({ route: routeName })

  // Part of the tree suspends or fails: stream it, the head first.
  let failed = false
  const out = new CoalescingStream({ tail, keep: cacheAs !== undefined })
  out.write(head)
  // The head (stylesheet, preloads) leaves at once; the render waits for a slot (render-slots.ts).
  void reply.send(out)
  const release = await deps.slots.acquire()
  if (reply.raw.destroyed) {
    release()
    out.end()
    return
  }
  out.once('end', () => {
    release()
    clearTimeout(abortTimer)
    observe()
    const body = failed ? undefined : out.body()
    if (body) storeInCache(body)
    fragments?.fill()
  })
  const react = renderToPipeableStream(element, {
    onShellReady() {
      if (!input.bot) react.pipe(out)
    },
    onAllReady() {
      // The render's work is done; what remains is writing, which must not hold a slot.
      release()
      if (input.bot) react.pipe(out)
    },
    onShellError(error) {
      failed = true
      release()
      request.log.error({ err: error, route: routeName }, 'render failed before the shell')
      out.end()
    },
    onError(error) {
      failed = true
      request.log.error({ err: error, route: routeName }, 'render error')
    },
  })
  // A render that has not finished in time is aborted; its status is already decided (DESIGN.md section 3).
  const abortTimer = setTimeout(() => {
    failed = true
    react.abort(new Error('render timeout'))
  }, deps.config.timeouts.pageDataBudgetMs)
  const onClose = () => {
    release()
    if (!reply.raw.writableFinished) {
      failed = true
      react.abort(new Error('client disconnected'))
    }
  }
  reply.raw.once('close', onClose)
}
