import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api/client.ts'
import type { LoaderContext } from '#shared/routing/types.ts'
import { fetchRouteLoader } from './route-loader.ts'

const ctx: LoaderContext<unknown> = {
  params: {},
  search: {},
  session: { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false },
  product: 'aurora',
}

describe('fetchRouteLoader', () => {
  it('runs the loader of the route module again and answers what the gateway answered', async () => {
    const call = vi.fn(async () => ({ items: [] }))
    await expect(fetchRouteLoader('main', 'ticker', ctx, { call } as unknown as ApiClient)).resolves.toEqual({
      items: [],
    })
    expect(call).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['no-such-route', 'ticker'],
    ['main', 'no-such-loader'],
  ])('answers not_found for route %s, loader %s', async (route, loader) => {
    await expect(fetchRouteLoader(route, loader, ctx, { call: vi.fn() } as unknown as ApiClient)).rejects.toMatchObject(
      { name: 'AppError', code: 'not_found' },
    )
  })
})
