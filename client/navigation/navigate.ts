/**
 * One client navigation, resolved: the shared steps of `preparePage` (rules, route module, queries),
 * the route's data (a route whose data takes longer than the transition wait is shown at once and
 * completed later) and the page outcome. Pure: everything it touches outside comes in `deps` (chunk
 * and view loading, the data load, the clock, `location.assign`, the history replace, whether it is still the current
 * navigation), so it is table-tested. Part of the routing kit.
 */
import { unstable_serialize } from 'swr'
import { toAppError } from '#shared/api/errors.ts'
import { TRANSITION_WAIT_MS } from '#shared/constants.ts'
import { NOTHING_LOADED, type LoadedPage, type PageOutcome } from '#shared/routing/outcome.ts'
import { preparePage } from '#shared/routing/prepare-page.ts'
import type { Query } from '#shared/routing/query.ts'
import { loadRouteModule, type PageRouteName } from '#shared/routing/route-modules.ts'
import type { PageMeta, SessionState } from '#shared/routing/types.ts'
import type { View } from '#shared/routing/view.ts'

/** What a navigation resolved to (`M`: the app's view module). */
export type NavigationResult<M> =
  | { kind: 'view'; view: View; module?: M; meta?: PageMeta }
  | { kind: 'redirect'; location: string; replace: true }
  | { kind: 'full-load'; location: string }

/** What a navigation starts from: the target, the session and the app's callbacks. */
export interface NavigateInput {
  pathname: string
  search: string
  session: SessionState
  mainSiteUrl: string
  product: string
  /** Called when data that arrived after the transition wait turns the page into an error view. */
  onLateError: (view: View) => void
  /** Called with the page's meta once data that arrived after the transition wait is in (the real title). */
  onLateMeta: (meta: PageMeta) => void
  /** Data already known for a serialized key (SWR cache or SSR fallback): a prefetched route renders at once. */
  known: (key: string) => unknown
}

/** What a navigation needs from the browser and the app. */
export interface NavigateDeps<M> {
  /** Runs a lazy import; a chunk that fails to load reloads the browser to the target. */
  loadChunk: <T>(load: () => Promise<T>, targetUrl: string) => Promise<T>
  /** Whether a route renders a view of the app. */
  hasPage: (name: string) => name is PageRouteName
  /** Loads a route's view module. */
  loadPage: (name: PageRouteName, targetUrl: string) => Promise<M>
  /** Loads one query's data, kept under its serialized key (the app: SWR's `mutate`). */
  load: (key: string, query: Query<unknown>) => Promise<unknown>
  /** Resolves after `ms` (the transition wait). */
  wait: (ms: number) => Promise<void>
  /** Our origin: a gateway redirect to it stays a client navigation. */
  origin: string
  /** Leaves for `location` with a full page load (another origin). */
  assign: (location: string) => void
  /** Replaces the history entry with `location` and navigates to it on the client (our own routes). */
  replace: (location: string) => void
  /** False once a newer navigation (or the app's unmount) superseded this one. */
  current: () => boolean
}

/** Resolves one client navigation. */
export async function navigate<M>(input: NavigateInput, deps: NavigateDeps<M>): Promise<NavigationResult<M>> {
  const url = input.pathname + input.search
  const prepared = await preparePage({
    pathname: input.pathname,
    search: input.search,
    session: input.session,
    mainSiteUrl: input.mainSiteUrl,
    product: input.product,
    hasView: deps.hasPage,
    loadModule: (name) => deps.loadChunk(() => loadRouteModule(name), url),
  })
  if (prepared.kind === 'rules') {
    const { decision } = prepared
    if (decision.kind === 'not-found') return { kind: 'view', view: { kind: 'error', status: 404 } }
    return decision.external
      ? { kind: 'full-load', location: decision.location }
      : { kind: 'redirect', location: decision.location, replace: true }
  }

  // The page's outcome is known as soon as an essential loader fails (the error page), whatever the
  // optional blocks still do: the view is then never mounted, so its hooks never ask for the data again.
  let essentialFailed: (loaded: LoadedPage) => void = () => undefined
  const failedEarly = new Promise<LoadedPage>((resolve) => (essentialFailed = resolve))
  const loaded: Promise<LoadedPage> = Promise.all(
    Object.entries(prepared.toLoad).map(async ([loader, query]) => {
      const key = unstable_serialize(query.key)
      const known = query.personal ? undefined : input.known(key)
      if (known !== undefined) return { loader, data: known, error: undefined }
      try {
        return { loader, data: await deps.load(key, query), error: undefined }
      } catch (error) {
        const failure = toAppError(error)
        if (!query.optional && failure.code !== 'aborted')
          essentialFailed({ data: {}, failures: { [loader]: failure } })
        return { loader, data: undefined, error: failure }
      }
    }),
  ).then((results) => ({
    data: Object.fromEntries(results.map((r) => [r.loader, r.data])),
    failures: Object.fromEntries(results.flatMap((r) => (r.error ? [[r.loader, r.error] as const] : []))),
  }))
  const settled = Promise.race([loaded, failedEarly])
  const view = await deps.loadPage(prepared.name, url)
  const early = await Promise.race([settled, deps.wait(TRANSITION_WAIT_MS).then(() => undefined)])

  const resultOf = (outcome: PageOutcome): NavigationResult<M> => {
    switch (outcome.kind) {
      case 'error':
        return {
          kind: 'view',
          view: { kind: 'error', status: outcome.status, code: outcome.code, message: outcome.message },
        }
      case 'redirect':
        return outcome.external
          ? { kind: 'full-load', location: outcome.location }
          : { kind: 'redirect', location: outcome.location, replace: true }
      case 'page':
        return { kind: 'view', view: prepared.view, module: view, meta: outcome.meta }
    }
  }

  if (early) return resultOf(prepared.outcome(early, deps.origin))
  // The data is slower than the transition wait: show the route now (its hooks show loading states)
  // with the head it has without data; once the data is in, it becomes an error view, a redirect or
  // the real head, unless the shopper has gone on to another navigation meanwhile.
  void settled.then((loaded) => {
    if (!deps.current()) return
    const late = resultOf(prepared.outcome(loaded, deps.origin))
    // A redirect within our routes replaces the entry shown meanwhile, as an early one does.
    if (late.kind === 'redirect') deps.replace(late.location)
    else if (late.kind === 'full-load') deps.assign(late.location)
    else if (late.view.kind === 'error') input.onLateError(late.view)
    else if (late.meta) input.onLateMeta(late.meta)
  })
  const before = prepared.outcome(NOTHING_LOADED, deps.origin)
  return { kind: 'view', view: prepared.view, module: view, ...(before.kind === 'page' ? { meta: before.meta } : {}) }
}
