import { describe, expect, it } from 'vitest'
import { AppError } from '../api/errors.ts'
import { NOTHING_LOADED, pageOutcome, routeQueries, type LoadedPage, type OutcomeInput } from './outcome.ts'
import { defineQuery, optional } from './query.ts'
import type { LoaderContext, LoaderMap, RoutePage, SessionState } from './types.ts'

const ORIGIN = 'https://shop.example'
const MAIN_SITE = 'https://aurora.example'
const session: SessionState = { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false }

type Item = { id: number; slug: string; moved?: { location: string; permanent: boolean } }
const itemQuery = defineQuery('test.item', async (_api, [id]: [number]) => ({ id, slug: 'krem' }) as Item)
const blockQuery = defineQuery('test.block', async () => ['block'])

/** A route module like the goods page: an essential item, an optional block, a canonical path and a gateway redirect. */
const module: RoutePage<{ id: number }, { item: ReturnType<typeof itemQuery>; block: ReturnType<typeof blockQuery> }> =
  {
    loaders: (ctx) => ({ item: itemQuery(ctx.params.id), block: optional(blockQuery()) }),
    serverRedirect: (data) => data.item?.moved,
    canonical: (_ctx, data) => (data.item ? `/item/${data.item.id}-${data.item.slug}` : undefined),
    meta: (ctx, data) => ({
      title: data.item ? `Item ${data.item.slug}` : `Item ${ctx.params.id}`,
      description: 'An item.',
    }),
  }

const ctx: LoaderContext<{ id: number }> = { params: { id: 7 }, search: {}, session, product: 'aurora' }
const queries = routeQueries(module, ctx)
const item: Item = { id: 7, slug: 'krem' }
const fail = (code: ConstructorParameters<typeof AppError>[0], status?: number) =>
  new AppError(code, 'failed', status === undefined ? {} : { status })

const outcome = (loaded: LoadedPage, over: Partial<OutcomeInput> = {}) =>
  pageOutcome({
    module,
    ctx,
    queries,
    loaded,
    pathname: '/item/7-krem',
    search: '',
    origin: ORIGIN,
    mainSiteUrl: MAIN_SITE,
    ...over,
  })

describe('pageOutcome', () => {
  // Each row: the loaded data and failures, the request path, and the outcome it must give.
  const table: Array<[string, LoadedPage, string, object]> = [
    [
      'the page with the meta of its data',
      { data: { item, block: ['block'] }, failures: {} },
      '/item/7-krem',
      { kind: 'page', meta: { title: 'Item krem' }, canonicalPath: '/item/7-krem' },
    ],
    [
      'the page without a failed optional block',
      { data: { item }, failures: { block: fail('upstream', 502) } },
      '/item/7-krem',
      { kind: 'page', meta: { title: 'Item krem' } },
    ],
    [
      'not found (rule 5 message) for an essential 404',
      { data: {}, failures: { item: fail('not_found') } },
      '/item/7-krem',
      {
        kind: 'error',
        status: 404,
        code: 'not_found',
        message: 'Page not found: /item/7-krem',
        reason: { kind: 'loader', loader: 'item' },
      },
    ],
    [
      '422 stays 422 (not-found view)',
      { data: {}, failures: { item: fail('unprocessable') } },
      '/item/7-krem',
      { kind: 'error', status: 422, code: 'unprocessable' },
    ],
    [
      'a gateway 401 is an outage (502), never a sign-in page',
      { data: {}, failures: { item: fail('unauthorized') } },
      '/item/7-krem',
      { kind: 'error', status: 502, code: 'unauthorized' },
    ],
    [
      'a gateway 500 is an outage (502)',
      { data: {}, failures: { item: fail('upstream', 500) } },
      '/item/7-krem',
      { kind: 'error', status: 502, code: 'upstream' },
    ],
    [
      'a 503 keeps its status',
      { data: {}, failures: { item: fail('unavailable') } },
      '/item/7-krem',
      { kind: 'error', status: 503, code: 'unavailable' },
    ],
    [
      'a timeout is 504',
      { data: {}, failures: { item: fail('timeout') } },
      '/item/7-krem',
      { kind: 'error', status: 504, code: 'timeout' },
    ],
    [
      'an aborted essential loader is no failure (the caller cancelled it)',
      { data: {}, failures: { item: fail('aborted') } },
      '/item/7',
      { kind: 'page', meta: { title: 'Item 7' }, canonicalPath: '/item/7' },
    ],
    [
      'the canonical redirect for another path of the page, query kept',
      { data: { item }, failures: {} },
      '/item/7',
      { kind: 'redirect', location: '/item/7-krem?sort=new', status: 301, external: false, rule: 'canonical' },
    ],
    [
      'the gateway redirect to our own path: a client navigation',
      { data: { item: { ...item, moved: { location: '/item/8-new', permanent: true } } }, failures: {} },
      '/item/7-krem',
      { kind: 'redirect', location: '/item/8-new', status: 301, external: false, rule: 'server-redirect' },
    ],
    [
      'the gateway redirect to the main site: a full load',
      { data: { item: { ...item, moved: { location: `${MAIN_SITE}/x`, permanent: false } } }, failures: {} },
      '/item/7-krem',
      { kind: 'redirect', location: `${MAIN_SITE}/x`, status: 302, external: true, rule: 'server-redirect' },
    ],
    [
      'the gateway redirect to a foreign origin is refused: not found',
      { data: { item: { ...item, moved: { location: 'https://evil.example/', permanent: true } } }, failures: {} },
      '/item/7-krem',
      {
        kind: 'error',
        status: 404,
        code: 'not_found',
        reason: { kind: 'redirect-refused', location: 'https://evil.example/' },
      },
    ],
  ]

  it.each(table)('%s', (_name, loaded, pathname, expected) => {
    expect(outcome(loaded, { pathname, search: pathname === '/item/7' ? '?sort=new' : '' })).toMatchObject(expected)
  })

  it('gives the error of the first essential loader in declaration order, whichever failed first', () => {
    const two: LoaderMap = { first: itemQuery(1), second: itemQuery(2) }
    const failed = outcome(
      { data: {}, failures: { second: fail('timeout'), first: fail('not_found') } },
      { queries: two },
    )
    expect(failed).toMatchObject({ kind: 'error', status: 404, reason: { loader: 'first' } })
  })

  it('checks the error before the redirects, and the gateway redirect before the canonical path', () => {
    const moved = { ...item, moved: { location: '/item/8-new', permanent: true } }
    expect(
      outcome({ data: { item: moved }, failures: { item: fail('timeout') } }, { pathname: '/item/7' }),
    ).toMatchObject({ kind: 'error', status: 504 })
    expect(outcome({ data: { item: moved }, failures: {} }, { pathname: '/item/7' })).toMatchObject({
      kind: 'redirect',
      rule: 'server-redirect',
    })
  })

  it('gives the head without data before the data is in (the browser shows the route at once)', () => {
    expect(outcome(NOTHING_LOADED, { pathname: '/item/7' })).toEqual({
      kind: 'page',
      meta: { title: 'Item 7', description: 'An item.' },
      canonicalPath: '/item/7',
    })
  })

  it('takes the canonical path of the meta when it has one', () => {
    const withCanonical: RoutePage<unknown> = {
      meta: () => ({ title: 't', description: 'd', canonicalPath: '/search' }),
    }
    expect(
      pageOutcome({
        module: withCanonical,
        ctx,
        queries: {},
        loaded: NOTHING_LOADED,
        pathname: '/search/',
        search: '?q=x',
        origin: ORIGIN,
        mainSiteUrl: MAIN_SITE,
      }),
    ).toMatchObject({ kind: 'page', canonicalPath: '/search' })
  })

  it('declares no queries for a module without loaders', () => {
    expect(routeQueries({ meta: () => ({ title: 't', description: 'd' }) }, ctx)).toEqual({})
    expect(Object.keys(queries)).toEqual(['item', 'block'])
    expect(queries.block?.optional).toBe(true)
  })
})
