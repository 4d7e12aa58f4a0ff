/**
 * The SSR catch-all: every GET that no other route answered is a page (or the not-found page).
 * Other methods on unknown paths answer a JSON 404.
 */
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PublicConfig } from '#shared/public-config.ts'
import { errorBody } from '#shared/api/errors.ts'
import { isProfilePath, matchPath } from '#shared/routing/rules.ts'
import { parseRequestTarget } from '#shared/routing/request-target.ts'
import { renderPage } from '../render/page-request.ts'
import { RenderLimiter } from '../render/render-limiter.ts'
import { RenderTurns } from '../render/render-turns.ts'
import { Fragments } from '../caching/fragments.tsx'
import { PageCache } from '../caching/page-cache.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { loadServerParts } from '#client/components/lazy-part.tsx'
import { markShared } from '#shared/shared-mark.ts'
import { pageRouteTemplate } from './tracing.ts'

/**
 * Renders of one event-loop iteration run back to back for this long, then the loop polls again
 * (render-turns.ts): a category page (2 ms) renders alone, a light page shares its iteration with a few.
 */
const RENDER_SLICE_MS = 1

/** Longest request target we render; longer ones answer 414. */
export const MAX_PAGE_URL_LENGTH = 2048

/** Registers the page renderer as the not-found handler. */
export const pagesPlugin = fp(
  async (app, opts: { manifest: ClientManifest; inlineIcons: string }) => {
    // The browser loads some parts on first use (the error views, the footer, the lazy parts); the server
    // loads them all now, so its render never suspends on code and stays with the string renderer
    // (decision 012).
    await loadServerParts()
    // Shared by every page, so what is rendered from it alone is kept.
    const publicConfig: PublicConfig = markShared({ ...app.config.publicConfig, version: opts.manifest.buildId })
    const pageCache = new PageCache({
      ...app.config.pageCache,
      onEvent: (event) => app.metrics.pageCacheEvents.inc({ event }),
    })
    const turns = new RenderTurns(RENDER_SLICE_MS, (queued) => app.metrics.renderQueue.set(queued))
    // Cards' HTML kept per shared data object: shared data exists only with the query store.
    const [fragmentHits, fragmentMisses] = [
      app.metrics.fragmentLookups.labels('hit'),
      app.metrics.fragmentLookups.labels('miss'),
    ]
    const fragments = new Fragments({
      disabled: !app.config.fragments,
      onLookup: (hit) => (hit ? fragmentHits : fragmentMisses).inc(),
      onError: (error) => app.log.warn({ err: error }, 'a kept fragment failed to render alone'),
    })
    const deps = {
      limiter: new RenderLimiter(app.config.renderConcurrency),
      turns,
      fragments,
      config: app.config,
      manifest: opts.manifest,
      metrics: app.metrics,
      queryStore: app.queryStore,
      pageCache,
      publicConfig,
      inlineIcons: opts.inlineIcons,
    }

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        request.routeName = 'unmatched'
        return reply.code(404).send(errorBody('not_found', { gatewaySpelling: true }))
      }
      if (request.url.length > MAX_PAGE_URL_LENGTH) {
        request.routeName = 'uri-too-long'
        return reply.code(414).type('text/plain; charset=utf-8').send('URI Too Long')
      }
      // The URL is matched once: the match names the metrics label and goes on to the render.
      const { pathname, search } = parseRequestTarget(request.url)
      const matched = matchPath(pathname)
      request.routeName = matched.match?.route.name ?? (isProfilePath(matched.pathname) ? 'profile' : 'not-found')
      request.routeTemplate = matched.match ? pageRouteTemplate(matched.match) : undefined
      await renderPage(
        deps,
        {
          request,
          reply,
          session: request.session,
          origin: app.config.publicOrigin,
        },
        { pathname, search, matched },
      )
      return reply
    }
    // A real catch-all route for pages: @fastify/compress hooks into routes only, never the not-found handler.
    app.get('/*', handler)
    app.setNotFoundHandler(handler)
  },
  { name: 'pages', dependencies: ['context', 'query-store'] },
)
