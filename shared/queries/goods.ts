/** Queries of one product, and what its pages read from the answer. */
import type { Goods, GoodsAnswer } from '../models/goods.ts'
import { isRedirect } from '../models/values.ts'
import { href } from '../routing/href.ts'
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/goods.ts')

/** One product, or the redirect the gateway answers for goods that moved. */
export const goodsQuery = defineQuery('goods.get', async (api, [id]: [number], signal) =>
  api.call((await gateway()).getGoods, { params: { id }, signal }),
)

/** The goods of a goods answer, or undefined for a redirect or no answer. */
export const goodsOf = (answer: GoodsAnswer | undefined): Goods | undefined =>
  answer && !isRedirect(answer) ? answer : undefined

/** The canonical path of goods (`/product/{id}-{slug}`, with `/reviews` for the reviews child route). */
export const productPath = (goods: Pick<Goods, 'id' | 'slug'>, reviews = false): string =>
  href(reviews ? 'product-reviews' : 'product', { product: goods.id, slug: goods.slug })
