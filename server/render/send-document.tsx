/**
 * The transport of a page: the document's head and tail around the React tree, rendered to a string
 * when nothing suspends (decision 012) or streamed through a `CoalescingStream` within the render
 * limiter; the abort timer of a slow render; the bytes kept by the page cache and the fragments the
 * page missed. What to send (status, headers, view) is page-request.ts's decision.
 */
import { renderToPipeableStream } from 'react-dom/server'
import { SITE_NAME } from '#shared/constants.ts'
import { parseRequestTarget } from '#shared/routing/request-target.ts'
import type { PageMeta } from '#shared/routing/types.ts'
import { App } from '#client/app/app.tsx'
import type { BootData, View } from '#client/app/boot.ts'
import { FragmentCacheContext } from '#client/components/fragment-cache.tsx'
import { PAGE_MODULES, hasPage } from '#client/views/registry.ts'
import type { PageLookup } from '../caching/page-cache.ts'
import { CoalescingStream } from './coalesce.ts'
import { dataBlockText } from './data-block.ts'
import { documentHead, documentTail } from './document.ts'
import { preloadsFor } from './manifest.ts'
import type { PageContext } from './page-context.ts'
import { renderAtOnce } from './render-at-once.ts'

/** The headers of an answer, as the answer policy decided them. */
export interface AnswerHeaders {
  status: number
  cacheControl: string
  /** Adds `Vary: Cookie` (a personal or cookie-dependent answer). */
  varyCookie?: boolean
  retryAfter?: string | undefined
}

/** A document to send. */
export interface DocumentInput extends AnswerHeaders {
  view: View
  meta: PageMeta
  fallback: Record<string, unknown>
  canonicalPath: string | undefined
  /** The page-cache key to store the bytes under, when the policy allows it. */
  cacheAs?: string | undefined
}

function applyHeaders(ctx: PageContext, headers: AnswerHeaders): void {
  ctx.reply.code(headers.status).header('cache-control', headers.cacheControl)
  if (headers.varyCookie) ctx.reply.header('vary', 'Cookie')
  if (headers.retryAfter !== undefined) ctx.reply.header('retry-after', headers.retryAfter)
}

/** Sends a redirect. */
export function sendRedirect(ctx: PageContext, location: string, headers: AnswerHeaders): void {
  applyHeaders(ctx, headers)
  void ctx.reply.redirect(location, headers.status)
}

/** Sends a small HTML body as it is (a crawler's error page). */
export function sendHtml(ctx: PageContext, body: string, headers: AnswerHeaders): void {
  applyHeaders(ctx, headers)
  ctx.reply.type('text/html; charset=utf-8')
  void ctx.reply.send(body)
}

/** Answers a page from the cache (`x-page-cache` says fresh or stale, for operators and tests). */
export function sendCached(ctx: Pick<PageContext, 'reply'>, found: Exclude<PageLookup, { kind: 'miss' }>): void {
  ctx.reply.code(found.page.status).headers(found.page.headers).header('x-page-cache', found.kind)
  void ctx.reply.send(found.page.body)
}

/** Renders the document for `input.view` and sends it: at once when nothing suspends, streamed otherwise. */
export async function sendDocument(ctx: PageContext, input: DocumentInput): Promise<void> {
  const { deps, request, reply, session, state } = ctx
  const routeName = input.view.kind === 'page' ? input.view.route : 'error'
  const Page =
    input.view.kind === 'page' && hasPage(input.view.route) ? (await PAGE_MODULES[input.view.route]()).Page : undefined
  const userId = session.userId()
  const boot: BootData = {
    config: deps.publicConfig,
    session: {
      authorized: state.authorized,
      userId: state.authorized ? userId : undefined,
      incompleteProfile: state.incompleteProfile,
      ecomEnabled: state.ecomEnabled,
    },
    view: input.view,
    fallback: input.fallback,
  }
  const url = parseRequestTarget(request.url)
  const head = (wholeFirstPaint: boolean) =>
    documentHead({
      wholeFirstPaint,
      meta: input.meta,
      canonicalUrl: input.canonicalPath ? new URL(input.canonicalPath, ctx.origin).toString() : undefined,
      origin: ctx.origin,
      css: deps.manifest.css,
      consentMark: deps.manifest.consentMark,
      webManifest: deps.manifest.webManifest,
      inlineIcons: deps.inlineIcons,
      preloads: preloadsFor(deps.manifest, input.view.kind === 'page' ? input.view.route : undefined, {
        signedIn: state.authorized,
        ecom: state.ecomEnabled,
      }),
      framework: deps.manifest.framework,
      siteName: SITE_NAME,
    })
  // The data block carries the fallback and the view's keys packed; the server's own render uses them as is.
  const tail = documentTail(
    dataBlockText(boot, (key, value) => deps.queryStore.packedOf(key, value)),
    deps.manifest.entry,
  )

  applyHeaders(ctx, input)
  reply.type('text/html; charset=utf-8')

  const cacheAs = input.cacheAs
  const storeInCache = (body: Buffer) => {
    // Set-Cookie is written by @fastify/cookie's onSend hook, so only once sent is it certain there is none.
    if (cacheAs !== undefined && !reply.hasHeader('set-cookie'))
      deps.pageCache.store(cacheAs, {
        status: input.status,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': input.cacheControl },
        body,
      })
  }
  const renderStarted = performance.now()
  const observe = () => {
    const ended = performance.now()
    deps.metrics.renderDuration.observe(
      { route: routeName, status: String(input.status) },
      (ended - renderStarted) / 1000,
    )
    // The render's span, from data ready to the last byte (tracing on only).
    const { tracing } = request.server
    if (tracing?.enabled)
      tracing.record(
        request.trace,
        `render ${routeName}`,
        performance.timeOrigin + renderStarted,
        performance.timeOrigin + ended,
        { 'storefront.route': routeName, 'http.response.status_code': input.status },
      )
  }
  const fragments = deps.fragments.forPage()
  const element = (
    <FragmentCacheContext value={fragments}>
      <App boot={boot} api={ctx.api} page={Page} ssrPath={url.pathname} ssrSearch={url.search.slice(1)} />
    </FragmentCacheContext>
  )

  // The render waits for its turn of the event loop, so connections, requests and gateway answers are
  // taken between renders; nothing is rendered for a browser that left meanwhile.
  await deps.turns.next()
  if (reply.raw.destroyed) return

  // The page's data is loaded, so the tree renders without suspending: the string renderer gives the
  // same HTML for about half the CPU of the streaming one, and the document leaves in one write with
  // its length (decision 012).
  const html = renderAtOnce(element)
  if (html !== undefined) {
    // Encoded once: the socket gets these bytes and their length as is, and the page cache keeps them.
    // (Sent as text instead, the socket's own encoding cost more CPU per request: a profile of both.)
    const document = Buffer.from(head(true) + html + tail)
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
  out.write(head(false))
  // The head (stylesheet, preloads) leaves at once; the render waits for the render limiter.
  void reply.send(out)
  const release = await deps.limiter.acquire()
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
      if (!ctx.bot) react.pipe(out)
    },
    onAllReady() {
      // The render's work is done; what remains is writing, which must not hold the limiter.
      release()
      if (ctx.bot) react.pipe(out)
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
