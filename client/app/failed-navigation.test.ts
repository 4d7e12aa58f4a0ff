import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cache } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { AppError } from '#shared/api/errors.ts'
import { prefetchRoute, resetPrefetch } from '#client/features/prefetch/preload-queue.ts'
import { navigate, type NavigateDeps, type NavigateInput } from '#client/navigation/navigate.ts'
import { loadIntoSwr } from '#client/navigation/load-into-swr.ts'
import { fetchOnce, resetSingleFlight } from '#client/lib/single-flight.ts'

const PATH = '/product/1-goods'

/** An API client whose goods call fails with 503 after `delayMs`; other calls answer nothing. */
function failingGoods(delayMs: number, othersDelayMs = 0) {
  const goodsCalls = vi.fn()
  const api = {
    call: (endpoint: { name: string }) => {
      if (endpoint.name !== 'goods.get') return new Promise((resolve) => setTimeout(() => resolve(null), othersDelayMs))
      goodsCalls()
      return new Promise((_, reject) =>
        setTimeout(() => reject(new AppError('unavailable', 'gateway answered 503')), delayMs),
      )
    },
  } as unknown as ApiClient
  return { api, goodsCalls }
}

const session = { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false }

function input(cache: Map<string, { data?: unknown }>, onLateError = vi.fn()): NavigateInput {
  return {
    pathname: PATH,
    search: '',
    session,
    mainSiteUrl: 'https://aurora.example',
    product: 'aurora',
    onLateError,
    onLateMeta: () => undefined,
    known: (key) => cache.get(key)?.data,
  }
}

/** What the app gives `navigate`, with `api` as the gateway client. */
const depsFor = (api: ApiClient): NavigateDeps<{ Page: () => null }> => ({
  loadChunk: <T>(load: () => Promise<T>) => load(),
  hasPage: (name: string): name is 'product' => name === 'product',
  loadPage: async () => ({ Page: () => null }),
  load: loadIntoSwr(api),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  origin: 'http://shop.test',
  assign: () => undefined,
  replace: () => undefined,
  current: () => true,
})

describe('a failed client navigation', () => {
  beforeAll(() => import('#shared/routes/product.ts'))
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'http://shop.test' } })
    vi.stubGlobal('navigator', {})
    resetSingleFlight()
    resetPrefetch()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    resetSingleFlight()
    resetPrefetch()
  })

  it('takes the failure of the prefetch just before it instead of fetching the data again', async () => {
    const { api, goodsCalls } = failingGoods(5)
    const cache = new Map<string, { data?: unknown }>()
    prefetchRoute(
      PATH,
      { api, cache: cache as unknown as Cache, mainSiteUrl: 'https://aurora.example', product: 'aurora', session },
      { intent: true },
    )
    await vi.waitFor(() => expect(goodsCalls).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 20))

    const result = await navigate(input(cache), depsFor(api))
    expect(result).toMatchObject({ kind: 'view', view: { kind: 'error', status: 503 } })
    expect(goodsCalls).toHaveBeenCalledTimes(1)
  })

  it('does not prefetch again a key whose prefetch has just failed (the focus of the clicked link)', async () => {
    const { api, goodsCalls } = failingGoods(5)
    const cache = new Map<string, { data?: unknown }>()
    const ctx = {
      api,
      cache: cache as unknown as Cache,
      mainSiteUrl: 'https://aurora.example',
      product: 'aurora',
      session,
    }
    prefetchRoute(PATH, ctx, { intent: true })
    await vi.waitFor(() => expect(goodsCalls).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Pointer down focuses the link: a second intent prefetch of the same route.
    prefetchRoute(PATH, ctx, { intent: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const result = await navigate(input(cache), depsFor(api))
    expect(result).toMatchObject({ kind: 'view', view: { kind: 'error', status: 503 } })
    expect(goodsCalls).toHaveBeenCalledTimes(1)
  })

  it("shares its fetch with the view's hook when the data comes after the transition wait, and shows one error", async () => {
    const { api, goodsCalls } = failingGoods(300)
    const cache = new Map<string, { data?: unknown }>()
    const onLateError = vi.fn()
    const result = await navigate(input(cache, onLateError), depsFor(api))
    // The route is shown before its data (100 ms): the view's hook asks for the same key meanwhile.
    expect(result).toMatchObject({ kind: 'view', view: { kind: 'page', route: 'product' } })
    const key = (result as { view: { keys: Record<string, string> } }).view.keys.goods!
    const hook = fetchOnce(key, () => api.call({ name: 'goods.get' } as never)).catch((error: unknown) => error)
    await vi.waitFor(() => expect(onLateError).toHaveBeenCalledTimes(1))
    expect(await hook).toBeInstanceOf(AppError)
    expect(goodsCalls).toHaveBeenCalledTimes(1)
    expect(onLateError.mock.calls[0]![0]).toMatchObject({ kind: 'error', status: 503 })
  })

  it('shows the error view as soon as the essential data failed, without waiting for the optional blocks', async () => {
    // The goods fail at once; the scores and reviews take longer than the transition wait.
    const { api, goodsCalls } = failingGoods(5, 400)
    const onLateError = vi.fn()
    const result = await navigate(input(new Map(), onLateError), depsFor(api))
    // Not the product view with its hooks (which would ask for the goods again), but the outage.
    expect(result).toMatchObject({ kind: 'view', view: { kind: 'error', status: 503 } })
    expect(goodsCalls).toHaveBeenCalledTimes(1)
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(onLateError).not.toHaveBeenCalled()
  })

  it('fetches again once the kept failure is older than a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { api, goodsCalls } = failingGoods(1)
      const cache = new Map<string, { data?: unknown }>()
      await navigate(input(cache), depsFor(api))
      expect(goodsCalls).toHaveBeenCalledTimes(1)
      vi.setSystemTime(Date.now() + 10_000)
      await navigate(input(cache), depsFor(api))
      expect(goodsCalls).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
