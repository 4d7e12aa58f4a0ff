import { describe, expect, it } from 'vitest'
import { AppError } from '#shared/api/errors.ts'
import { defineQuery, optional, type Query } from '#shared/routing/query.ts'
import type { PageRouteName } from '#shared/routing/route-modules.ts'
import type { RoutePage, SessionState } from '#shared/routing/types.ts'
import { navigate, type NavigateDeps, type NavigateInput, type NavigationResult } from './navigate.ts'

const ORIGIN = 'https://shop.example'
const MAIN_SITE = 'https://aurora.example'
const anonymous: SessionState = { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false }

type Item = { id: number; slug: string; moved?: { location: string; permanent: boolean } }
const itemQuery = defineQuery('test.item', async (_api, [id]: [number]) => ({ id, slug: 'krem' }) as Item)
const blockQuery = defineQuery('test.block', async () => ['block'])

/** A product route module: an essential item, an optional block, a canonical path and a gateway redirect. */
const productModule: RoutePage<{ product: number }, { item: ReturnType<typeof itemQuery> }> = {
  loaders: (ctx) => ({ item: itemQuery(ctx.params.product), block: optional(blockQuery()) }),
  serverRedirect: (data) => data.item?.moved,
  canonical: (_ctx, data) => (data.item ? `/product/${data.item.id}-${data.item.slug}` : undefined),
  meta: (ctx, data) => ({
    title: data.item ? `Item ${data.item.slug}` : `Item ${ctx.params.product}`,
    description: 'An item.',
  }),
}

const VIEW_MODULE = { Page: 'product view' }

/** What the loaders answer: the item's data or error, and whether it comes after the transition wait. */
interface Answer {
  item: Item | AppError
  late?: boolean
}

/** One navigation with every input injected; the transition wait ends when the test says so. */
function setup(answer: Answer, over: Partial<NavigateInput> = {}) {
  let endWait!: () => void
  const waited = new Promise<void>((resolve) => (endWait = resolve))
  let answerLate!: () => void
  const lateGate = new Promise<void>((resolve) => (answerLate = resolve))
  let current = true
  const calls = {
    assign: [] as string[],
    replace: [] as string[],
    lateError: [] as unknown[],
    lateMeta: [] as string[],
    loads: [] as string[],
  }
  const deps: NavigateDeps<typeof VIEW_MODULE> = {
    loadChunk: (<T>() => Promise.resolve(productModule as T)) as NavigateDeps<typeof VIEW_MODULE>['loadChunk'],
    hasPage: (name): name is PageRouteName => name === 'product',
    loadPage: async () => VIEW_MODULE,
    load: async (key: string, query: Query<unknown>) => {
      calls.loads.push(query.key[0])
      if (query.key[0] === 'test.block') return ['block']
      if (answer.late) await lateGate
      if (answer.item instanceof AppError) throw answer.item
      return answer.item
    },
    wait: () => waited,
    origin: ORIGIN,
    assign: (location) => calls.assign.push(location),
    replace: (location) => calls.replace.push(location),
    current: () => current,
  }
  const input: NavigateInput = {
    pathname: '/product/7-krem',
    search: '',
    session: anonymous,
    mainSiteUrl: MAIN_SITE,
    product: 'aurora',
    onLateError: (view) => calls.lateError.push(view),
    onLateMeta: (meta) => calls.lateMeta.push(meta.title),
    known: () => undefined,
    ...over,
  }
  return {
    calls,
    /** Starts the navigation; a late answer waits for `arrive()`. */
    run: async (): Promise<NavigationResult<typeof VIEW_MODULE>> => {
      const result = navigate(input, deps)
      // The wait ends once the data had every chance to come first.
      setTimeout(endWait, 0)
      return result
    },
    arrive: async () => {
      answerLate()
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
    supersede: () => {
      current = false
    },
  }
}

const item: Item = { id: 7, slug: 'krem' }

describe('navigate: data before the transition wait', () => {
  // Each row: the path, what the item loader answers, and the result the navigation must give.
  const table: Array<[string, string, Item | AppError, object]> = [
    [
      'the view with the meta of its data',
      '/product/7-krem',
      item,
      { kind: 'view', view: { kind: 'page', route: 'product', params: { product: 7 } }, meta: { title: 'Item krem' } },
    ],
    [
      'the not-found view for an essential 404',
      '/product/7-krem',
      new AppError('not_found', 'gone', { status: 404 }),
      { kind: 'view', view: { kind: 'error', status: 404, code: 'not_found' } },
    ],
    [
      'an outage view for a gateway failure',
      '/product/7-krem',
      new AppError('upstream', 'down', { status: 502 }),
      { kind: 'view', view: { kind: 'error', status: 502 } },
    ],
    [
      'a history replace for a relative gateway redirect',
      '/product/7-krem',
      { ...item, moved: { location: '/product/8-krem', permanent: true } },
      { kind: 'redirect', location: '/product/8-krem', replace: true },
    ],
    [
      'a full load for the gateway redirect to the main site',
      '/product/7-krem',
      { ...item, moved: { location: `${MAIN_SITE}/goods/7`, permanent: false } },
      { kind: 'full-load', location: `${MAIN_SITE}/goods/7` },
    ],
    [
      'the not-found view for a gateway redirect to a foreign origin',
      '/product/7-krem',
      { ...item, moved: { location: 'https://evil.example/', permanent: false } },
      { kind: 'view', view: { kind: 'error', status: 404 } },
    ],
    [
      'a history replace to the canonical path',
      '/product/7',
      item,
      { kind: 'redirect', location: '/product/7-krem', replace: true },
    ],
  ]
  it.each(table)('%s', async (_name, pathname, answer, expected) => {
    const { run, calls } = setup({ item: answer }, { pathname })
    expect(await run()).toMatchObject(expected)
    expect(calls.assign).toEqual([])
  })

  it('answers the routing rules before loading anything', async () => {
    const rows: Array<[string, object]> = [
      ['/profile/orders', { kind: 'full-load', location: `${MAIN_SITE}/profile/orders` }],
      ['/no-such-page', { kind: 'view', view: { kind: 'error', status: 404 } }],
      ['/catalog', { kind: 'view', view: { kind: 'error', status: 404 } }],
    ]
    for (const [pathname, expected] of rows) {
      const { run, calls } = setup({ item }, { pathname })
      expect(await run()).toMatchObject(expected)
      expect(calls.loads).toEqual([])
    }
  })

  it('takes data already known for a key instead of loading it', async () => {
    const { run, calls } = setup({ item: new AppError('upstream', 'not asked') }, { known: () => item })
    expect(await run()).toMatchObject({ kind: 'view', meta: { title: 'Item krem' } })
    expect(calls.loads).toEqual([])
  })
})

describe('navigate: data after the transition wait', () => {
  it('shows the route at once with its head without data, then the real title', async () => {
    const { run, arrive, calls } = setup({ item, late: true })
    expect(await run()).toMatchObject({ kind: 'view', view: { kind: 'page' }, meta: { title: 'Item 7' } })
    await arrive()
    expect(calls.lateMeta).toEqual(['Item krem'])
  })

  it('turns into the error view when the late data fails', async () => {
    const { run, arrive, calls } = setup({ item: new AppError('not_found', 'gone', { status: 404 }), late: true })
    await run()
    await arrive()
    expect(calls.lateError).toMatchObject([{ kind: 'error', status: 404 }])
  })

  it('follows a late gateway redirect with a full load', async () => {
    const moved = { ...item, moved: { location: `${MAIN_SITE}/goods/7`, permanent: false } }
    const { run, arrive, calls } = setup({ item: moved, late: true })
    await run()
    await arrive()
    expect(calls.assign).toEqual([`${MAIN_SITE}/goods/7`])
    expect(calls.replace).toEqual([])
  })

  it('follows a late redirect to our own route by replacing the history entry, without a full load', async () => {
    const moved = { ...item, moved: { location: '/product/8-syvorotka', permanent: true } }
    const { run, arrive, calls } = setup({ item: moved, late: true })
    await run()
    await arrive()
    expect(calls.replace).toEqual(['/product/8-syvorotka'])
    expect(calls.assign).toEqual([])
  })

  it('replaces the history entry with the canonical path when late data names it', async () => {
    const { run, arrive, calls } = setup({ item, late: true }, { pathname: '/product/7-old-slug' })
    await run()
    await arrive()
    expect(calls.replace).toEqual(['/product/7-krem'])
    expect(calls.assign).toEqual([])
  })

  it('ignores late data of a navigation a newer one superseded: no redirect, no error view, no title', async () => {
    const moved = { ...item, moved: { location: `${MAIN_SITE}/goods/7`, permanent: false } }
    for (const answer of [moved, new AppError('not_found', 'gone', { status: 404 }), item]) {
      const { run, arrive, supersede, calls } = setup({ item: answer, late: true })
      await run()
      supersede()
      await arrive()
      expect(calls).toMatchObject({ assign: [], replace: [], lateError: [], lateMeta: [] })
    }
  })
})
