/** Queries of one product, and what its pages read from the answer. */
import type { Goods, GoodsRedirect } from '../models/goods.ts'
import { isRedirect } from '../models/values.ts'
import { href } from '../routing/href.ts'
import { defineQuery } from '../routing/query.ts'
import { goodsPlace, goodsTree } from './catalog.ts'
import type { GoodsPlaceShape } from './views.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/goods.ts')

/** Goods with their place in the catalogue (null when the tree does not place them). */
export type PlacedGoods = Goods & { place: GoodsPlaceShape | null }

/**
 * One product with its category and group (breadcrumbs, JSON-LD), or the redirect the gateway
 * answers for goods that moved. The tree loads beside the goods, not after them.
 */
export const goodsQuery = defineQuery(
  'goods.get',
  async (api, [id]: [number], signal, load): Promise<GoodsRedirect | PlacedGoods> => {
    const tree = goodsTree(api, load, signal)
    // A tree that fails is a missing breadcrumb, never the page's error.
    tree.catch(() => undefined)
    const answer = await api.call((await gateway()).getGoods, { params: { id }, signal })
    return isRedirect(answer) ? answer : { ...answer, place: await goodsPlace(tree, answer.categoryId) }
  },
)

/** The goods of a goods answer, or undefined for a redirect or no answer. */
export const goodsOf = <G extends Goods>(answer: GoodsRedirect | G | undefined): G | undefined =>
  answer && !isRedirect(answer) ? answer : undefined

/** The canonical path of goods (`/product/{id}-{slug}`, with `/reviews` for the reviews child route). */
export const productPath = (goods: Pick<Goods, 'id' | 'slug'>, reviews = false): string =>
  href(reviews ? 'product-reviews' : 'product', { product: goods.id, slug: goods.slug })

/** The steps up from goods: home, catalogue, the group and the category it sits in (breadcrumbs and JSON-LD). */
export function productTrail(goods: PlacedGoods): Array<{ name: string; path: string }> {
  const steps = [
    { name: 'Главная', path: '/' },
    { name: 'Каталог', path: href('catalog') },
  ]
  const { group, category } = goods.place ?? {}
  if (group) steps.push({ name: group.name, path: href('catalog-category', { category: group.id, slug: group.slug }) })
  if (category)
    steps.push({ name: category.name, path: href('catalog-category', { category: category.id, slug: category.slug }) })
  return steps
}
