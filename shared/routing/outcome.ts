/**
 * The one step after a page's data arrives, shared by the server's render and the browser's
 * navigation: from the route module, the loader context and what the loaders gave, decide the page's
 * outcome — an error with its status, the gateway's redirect (rule 3), the canonical redirect, or the
 * page with its head. Pure: no I/O, no clock; the callers answer it (HTTP status and headers, or a
 * view, a history replace, a full load).
 */
import { unstable_serialize } from 'swr'
import type { AppError, ErrorCode } from '../api/errors.ts'
import { pageStatusFor } from '../api/page-status.ts'
import { notFoundMessage, resolveServerRedirect } from './rules.ts'
import type { LoaderContext, LoaderMap, PageMeta, RoutePage } from './types.ts'

/** What the loaders of one page gave. */
export interface LoadedPage {
  /** Each loader's data by name; a failed loader (or one still loading) has none. */
  readonly data: Readonly<Record<string, unknown>>
  /** Failures by loader name. */
  readonly failures: Readonly<Record<string, AppError>>
}

/** Nothing loaded yet (the browser's route shown before its data, or a route without loaders). */
export const NOTHING_LOADED: LoadedPage = Object.freeze({ data: {}, failures: {} })

/** How a page ends. */
export type PageOutcome =
  | {
      kind: 'error'
      status: number
      code: ErrorCode
      /** Rule 5's `Page not found: {path}`, for a not-found outcome. */
      message?: string
      /** Why: an essential loader failed (its name and error), or the gateway's redirect pointed elsewhere. */
      reason: { kind: 'loader'; loader: string; error: AppError } | { kind: 'redirect-refused'; location: string }
    }
  | { kind: 'redirect'; location: string; status: 301 | 302; external: boolean; rule: 'server-redirect' | 'canonical' }
  | { kind: 'page'; meta: PageMeta; canonicalPath: string }

export interface OutcomeInput {
  /** The route module (`shared/routes/<group>.ts`). */
  module: RoutePage<unknown, LoaderMap>
  ctx: LoaderContext<unknown>
  /** The queries the loaders declared (`routeQueries`), in declaration order. */
  queries: LoaderMap
  loaded: LoadedPage
  /** The request path as it arrived (still percent-encoded): the canonical path is compared with it. */
  pathname: string
  /** The raw query string (`?…` or ''), kept on a canonical redirect. */
  search: string
  /** Our origin: a gateway redirect to it stays a client navigation. */
  origin: string
  /** `MAIN_SITE_URL`: the other host a gateway redirect may go to. */
  mainSiteUrl: string
}

/** The serialized SWR key of each query, by loader name (what a view reads its data by). */
export const queryKeys = (queries: LoaderMap): Record<string, string> =>
  Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, unstable_serialize(query.key)]))

/** The queries a route module declares for a context; none for a module without loaders. */
export const routeQueries = (module: RoutePage<unknown, LoaderMap>, ctx: LoaderContext<unknown>): LoaderMap =>
  module.loaders?.(ctx) ?? {}

/**
 * Decides a page's outcome, in this order:
 * 1. the first essential loader (declaration order) that failed gives the error page: 404 and 422
 *    stay (not-found view), a timeout is 504, anything else an outage (`pageStatusFor`). An aborted
 *    loader is no failure: its caller cancelled it (the browser left, a newer navigation began);
 * 2. the gateway's redirect (rule 3), refused (404) unless it goes to our origin or the main site;
 * 3. the canonical path, when the request's path is another (301, the query kept);
 * 4. the page, with the meta of its data and its canonical path (the request's path by default).
 */
export function pageOutcome(input: OutcomeInput): PageOutcome {
  const { module, ctx, loaded } = input
  for (const [name, query] of Object.entries(input.queries)) {
    const error = loaded.failures[name]
    if (!error || query.optional || error.code === 'aborted') continue
    const status = pageStatusFor(error)
    return status === 404
      ? {
          kind: 'error',
          status,
          code: 'not_found',
          message: notFoundMessage(input.pathname),
          reason: { kind: 'loader', loader: name, error },
        }
      : { kind: 'error', status, code: error.code, reason: { kind: 'loader', loader: name, error } }
  }

  const asked = module.serverRedirect?.(loaded.data)
  if (asked) {
    const resolved = resolveServerRedirect(asked.location, {
      origin: input.origin,
      mainSiteUrl: input.mainSiteUrl,
      permanent: asked.permanent,
    })
    if (!resolved)
      return {
        kind: 'error',
        status: 404,
        code: 'not_found',
        reason: { kind: 'redirect-refused', location: asked.location },
      }
    return {
      kind: 'redirect',
      location: resolved.location,
      status: resolved.status,
      external: resolved.external,
      rule: 'server-redirect',
    }
  }

  const canonical = module.canonical?.(ctx, loaded.data)
  if (canonical && canonical !== input.pathname) {
    return { kind: 'redirect', location: canonical + input.search, status: 301, external: false, rule: 'canonical' }
  }

  const meta = module.meta(ctx, loaded.data)
  return { kind: 'page', meta, canonicalPath: meta.canonicalPath ?? input.pathname }
}
