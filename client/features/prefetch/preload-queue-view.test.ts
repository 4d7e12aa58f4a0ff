/**
 * A link's prefetch also loads the code a tap on it runs (the client navigation and the route's view),
 * once per route, so the tap waits for no chunk; not while a navigation loads its own code, and again
 * for the next link to the route when a load failed.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Cache } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { provideNavigationPreload, resetNavigationPreload } from '#client/lib/navigation-preload.ts'
import { prefetchRoute, resetPrefetch, type PrefetchContext } from './preload-queue.ts'

// No data jobs: this file is about the code.
vi.mock('#client/navigation/routing-kit.ts', async (original) => ({
  ...(await original<typeof import('#client/navigation/routing-kit.ts')>()),
  routeQueries: () => ({}),
}))
/** The shell's loader of a route's navigation code (after-load.ts provides the real one). */
const kit = { loadNavigationCode: vi.fn((_name: string) => Promise.resolve()) }

const root = { dataset: {} as Record<string, string> }
const context = (): PrefetchContext => ({
  api: { product: 'aurora', call: vi.fn() } as unknown as ApiClient,
  cache: new Map() as unknown as Cache,
  mainSiteUrl: 'https://aurora.example',
  product: 'aurora',
  session: { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false },
})

beforeEach(() => {
  vi.stubGlobal('navigator', {})
  vi.stubGlobal('document', { documentElement: root, querySelector: () => ({}) })
  root.dataset = {}
  kit.loadNavigationCode.mockReset().mockResolvedValue(undefined)
  resetNavigationPreload()
  provideNavigationPreload(kit.loadNavigationCode)
  resetPrefetch()
})
afterEach(() => {
  vi.unstubAllGlobals()
  resetPrefetch()
})

/** A few timer turns: what the prefetch had queued has run (a timer stands in for idle time). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

it('loads the code of each route once, whichever of its links comes first', async () => {
  prefetchRoute('/catalog/1-ukhod-za-litsom', context())
  prefetchRoute('/catalog/2-makiyazh', context())
  prefetchRoute('/product/10001-krem', context())
  await vi.waitFor(() => expect(kit.loadNavigationCode).toHaveBeenCalledTimes(2), { timeout: 3_000, interval: 20 })
  await settle()
  expect(kit.loadNavigationCode.mock.calls.map(([name]) => name).sort()).toEqual(['catalog-category', 'product'])
})

it('starts nothing while a navigation loads its own code, and loads it for the next link after it', async () => {
  root.dataset.navigating = ''
  prefetchRoute('/catalog/1-ukhod-za-litsom', context())
  // Its turn came and went during the navigation.
  await new Promise((resolve) => setTimeout(resolve, 1_200))
  expect(kit.loadNavigationCode).not.toHaveBeenCalled()

  delete root.dataset.navigating
  prefetchRoute('/catalog/2-makiyazh', context())
  await vi.waitFor(() => expect(kit.loadNavigationCode).toHaveBeenCalledWith('catalog-category'), {
    timeout: 3_000,
    interval: 20,
  })
})

it('asks again with the next link to the route when the code failed to load', async () => {
  kit.loadNavigationCode.mockRejectedValueOnce(new Error('chunk failed'))
  prefetchRoute('/catalog/1-ukhod-za-litsom', context())
  await vi.waitFor(() => expect(kit.loadNavigationCode).toHaveBeenCalledTimes(1), { timeout: 3_000, interval: 20 })
  await settle()
  prefetchRoute('/catalog/2-makiyazh', context())
  await vi.waitFor(() => expect(kit.loadNavigationCode).toHaveBeenCalledTimes(2), { timeout: 3_000, interval: 20 })
})
