/** Queries of one product. */
import type { Goods, GoodsRedirect } from '../models/goods.ts'
import { isRedirect } from '../models/values.ts'
import { defineQuery } from '../routing/query.ts'
import { goodsPlace, goodsTree } from './catalog.ts'
import { sharedShapeBy } from './shared-shape.ts'
import type { GoodsPlaceShape } from './views.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/goods.ts')

/** Goods with their place in the catalogue (null when the tree does not place them). */
export type PlacedGoods = Goods & { place: GoodsPlaceShape | null }

// A shared answer and a shared place give the same object every time (shared-shape.ts).
const placed = sharedShapeBy((goods: Goods, place: GoodsPlaceShape | null): PlacedGoods => ({ ...goods, place }))

/**
 * One product with its category and group (breadcrumbs, JSON-LD), or the redirect the gateway
 * answers for goods that moved. The tree loads beside the goods, not after them.
 */
export const goodsQuery = defineQuery(
  'goods.get',
  async (api, [id]: [number], signal): Promise<GoodsRedirect | PlacedGoods> => {
    const tree = goodsTree(api, signal)
    // A tree that fails is a missing breadcrumb, never the page's error.
    tree.catch(() => undefined)
    const answer = await api.call((await gateway()).getGoods, { params: { id }, signal })
    return isRedirect(answer) ? answer : placed(answer, await goodsPlace(tree, answer.categoryId))
  },
)
