import { describe, expect, it, vi } from 'vitest'
import { unstable_serialize } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { goodsQuery } from '#shared/queries/goods.ts'
import { queryKeys, routeQueries } from '#shared/routing/outcome.ts'
import { productPage } from '#shared/routes/product.ts'
import { renderInApp } from '#client/context/testing.tsx'
import { RouteView, type PageProps } from './registry.ts'

describe('RouteView', () => {
  const ctx = {
    params: { product: 12 },
    search: {},
    session: { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false },
    product: 'aurora',
  }
  const keys = queryKeys(routeQueries(productPage, ctx))
  const view = { kind: 'page' as const, route: 'product' as const, params: { product: 12 }, search: {}, keys }

  it('gives the view its route params and each loader under the key the server loaded', () => {
    let props: PageProps | undefined
    renderInApp(
      <RouteView
        view={view}
        Page={(given) => {
          props = given
          return null
        }}
      />,
    )
    expect(props?.routeName).toBe('product')
    expect(props?.params).toEqual({ product: 12 })
    expect(Object.keys(props?.queries ?? {})).toEqual(['goods', 'scores', 'reviews', 'media'])
    expect(props?.queries.goods?.key).toBe(unstable_serialize(goodsQuery(12).key))
  })

  it("fetches a loader by running the route module's own loader (a refetch needs no query rebuilt by the view)", async () => {
    let props: PageProps | undefined
    renderInApp(
      <RouteView
        view={view}
        Page={(given) => {
          props = given
          return null
        }}
      />,
    )
    const call = vi.fn(async (_def: { name: string }, _options: unknown) => ({ id: 12 }))
    // The goods, and beside them the category tree that places them (this stub's tree places nothing).
    await expect(props?.queries.goods?.fetch({ call } as unknown as ApiClient)).resolves.toEqual({
      id: 12,
      place: null,
    })
    expect(call).toHaveBeenCalledTimes(2)
    expect(call.mock.calls.find(([def]) => def.name === 'goods.get')).toMatchObject([
      { name: 'goods.get' },
      { params: { id: 12 } },
    ])
  })
})
