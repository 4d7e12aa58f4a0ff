/**
 * A link's prefetch loads its code (the gateway modules and their schemas) before it looks whether a
 * navigation is on its way: on a slow network that code takes seconds, and a navigation that began
 * meanwhile used to meet the prefetch's request for another page (e2e/slow-navigation.spec.ts).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Cache } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import type { SharedQuery } from '#shared/routing/query.ts'
import { pendingPreloads, prefetchRoute, resetPrefetch } from './preload-queue.ts'

/** The route's queries: each imports its gateway module (held until the test lets it) before its call. */
const code = vi.hoisted(() => {
  let arrive: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const query = (name: string): SharedQuery<unknown> => ({
    key: [name, 2],
    fetch: async (api) => {
      await arrived
      return api.call({ name } as never)
    },
    optional: false,
    personal: false,
  })
  return { arrive: () => arrive(), queries: { goods: query('goods.search'), filters: query('goods.filters') } }
})
vi.mock('#client/navigation/routing-kit.ts', async (original) => ({
  ...(await original<typeof import('#client/navigation/routing-kit.ts')>()),
  routeQueries: () => code.queries,
}))

beforeEach(() => {
  vi.stubGlobal('navigator', {})
  resetPrefetch()
})
afterEach(() => {
  vi.unstubAllGlobals()
  resetPrefetch()
})

const tasks = async (count: number) => {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setTimeout(resolve, 5))
}

it('a navigation that begins while a prefetch loads its code holds the prefetch until it is followed', async () => {
  const root = { dataset: {} as Record<string, string> }
  vi.stubGlobal('document', { documentElement: root, querySelector: () => ({}) })
  const call = vi.fn((def: { name: string }) => Promise.resolve({ def }))
  prefetchRoute('/catalog/2-makiyazh', {
    api: { product: 'aurora', call } as unknown as ApiClient,
    cache: new Map() as unknown as Cache,
    mainSiteUrl: 'https://aurora.example',
    product: 'aurora',
    session: { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false },
  })
  // The jobs have their turn (a timer stands in for idle time; on a busy machine it comes late) and
  // wait for their code.
  await vi.waitFor(() => expect(pendingPreloads()).toBe(2), { timeout: 5_000, interval: 20 })
  expect(call).not.toHaveBeenCalled()

  // The shopper taps another link; then the code arrives.
  root.dataset.navigating = ''
  code.arrive()
  await tasks(60)
  expect(call).not.toHaveBeenCalled()

  // The navigation is followed: the held prefetches go out, each query once.
  delete root.dataset.navigating
  await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2), { timeout: 5_000, interval: 20 })
  expect(call.mock.calls.map(([def]) => def.name).sort()).toEqual(['goods.filters', 'goods.search'])
})
