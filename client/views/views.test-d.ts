/** Type contract of the page pipeline: a view's props come from its route, a route module from its route's params (checked by `tsc --noEmit`). */
import { expectTypeOf, test } from 'vitest'
import type { GoodsRedirect } from '#shared/models/goods.ts'
import type { PlacedGoods } from '#shared/queries/goods.ts'
import { definePage } from '#shared/routing/define-page.ts'
import type { productPage } from '#shared/routes/product.ts'
import type { orderPage } from '#shared/routes/ecom.ts'
import type { QueryRef } from '../data/use-query.ts'
import type { ViewProps } from './registry.ts'

test('a view reads typed params and its loaders by name', () => {
  type Product = ViewProps<'product', typeof productPage>
  expectTypeOf<Product['params']>().toEqualTypeOf<{ product: number; slug?: string | undefined }>()
  expectTypeOf<Product['queries']['goods']>().toEqualTypeOf<QueryRef<GoodsRedirect | PlacedGoods>>()
  expectTypeOf<ViewProps<'ecom-order', typeof orderPage>['params']>().toEqualTypeOf<{ id: string }>()
  // @ts-expect-error the goods page has no `article` loader
  expectTypeOf<Product['queries']['article']>()
})

test('a route module is typed by its route params', () => {
  definePage('catalog-category', {
    loaders: (ctx) => {
      expectTypeOf(ctx.params.category).toBeNumber()
      return {}
    },
    meta: () => ({ title: 't', description: 'd' }),
  })
  definePage('article', {
    // @ts-expect-error an article has no `product` param
    meta: (ctx) => ({ title: String(ctx.params.product), description: 'd' }),
  })
})
