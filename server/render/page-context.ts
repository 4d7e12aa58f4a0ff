/** What the answer of one page request is made with: the app's parts and the request's own state. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ApiClient } from '#shared/api/client.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { PathMatch } from '#shared/routing/rules.ts'
import type { SessionState } from '#shared/routing/types.ts'
import type { Fragments } from '../caching/fragments.tsx'
import type { PageCache } from '../caching/page-cache.ts'
import type { QueryStore } from '../caching/query-store.ts'
import type { Config } from '../config.ts'
import type { Metrics } from '../metrics.ts'
import type { RequestSession } from '../session/request-session.ts'
import type { ClientManifest } from './manifest.ts'
import type { RenderLimiter } from './render-limiter.ts'
import type { RenderTurns } from './render-turns.ts'

/** The app's parts every page request uses (built once by the pages plugin). */
export interface RenderDeps {
  /** Limits concurrent streamed renders (first in, first out). */
  limiter: RenderLimiter
  /** Renders take turns with the event loop, first in, first out. */
  turns: RenderTurns
  /** Cards' HTML kept per shared data object. */
  fragments: Fragments
  config: Config
  manifest: ClientManifest
  metrics: Metrics
  /** Anonymous query data shared by every request, with each entry's packed data-block text. */
  queryStore: QueryStore
  /** Rendered anonymous pages. */
  pageCache: PageCache
  publicConfig: PublicConfig
  /** The first screen's icon symbols every page carries after `<body>`; '' without a sprite. */
  inlineIcons: string
}

/** The request and what comes with it from the app's plugins. */
export interface PageRequest {
  request: FastifyRequest
  reply: FastifyReply
  session: RequestSession
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

/** One page request on its way to an answer. */
export interface PageContext extends PageRequest {
  /** The request's gateway client, made once the page cache has missed (a kept page calls nothing). */
  api: ApiClient
  deps: RenderDeps
  target: PageTarget
  /** The session as the rules and loaders see it (read again after a refused refresh ends it). */
  state: SessionState
  /** A crawler: gets the whole document at once and a minimal error body. */
  bot: boolean
  /** Aborted when the browser disconnects or the page data budget runs out. */
  signal: AbortSignal
}
