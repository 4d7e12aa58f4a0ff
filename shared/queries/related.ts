/**
 * «Похожие товары»: goods of the same category close in price, from the catalogue's own call
 * (`GET /v2/goods/search?categoryId=&priceMin=&priceMax=`, the one a category page makes): one page
 * around the product's price, the product itself left out, the closest prices first.
 */
import type { Goods } from '../models/goods.ts'
import { defineQuery } from '../routing/query.ts'
import { toCardShape, type GoodsCardShape } from './views.ts'

/** At most this many goods in the rail. */
export const RELATED_LIMIT = 12
/** The price window: from half to one and a half times the product's price. */
export const RELATED_PRICE_SPREAD = 0.5
/** Goods asked for: enough to fill the rail after leaving the product out. */
const RELATED_PAGE_SIZE = 24

/** What the related call depends on: the category and the price (not the whole goods). */
export interface RelatedArgs {
  id: number
  categoryId: number
  price: number
}

/** The arguments of a product's related call. */
export const relatedArgs = (goods: Pick<Goods, 'id' | 'categoryId' | 'price'>): RelatedArgs => ({
  id: goods.id,
  categoryId: goods.categoryId,
  price: goods.price,
})

/** The price window of the call, in whole roubles. */
export const relatedPriceRange = (price: number): { priceMin: number; priceMax: number } => ({
  priceMin: Math.floor(price * (1 - RELATED_PRICE_SPREAD)),
  priceMax: Math.ceil(price * (1 + RELATED_PRICE_SPREAD)),
})

/** The rail's goods: the product left out, closest price first (then the better rated), at most `RELATED_LIMIT`. */
export function pickRelated<T extends Pick<GoodsCardShape, 'id' | 'price' | 'rating'>>(
  items: readonly T[],
  args: Pick<RelatedArgs, 'id' | 'price'>,
): T[] {
  return items
    .filter((item) => item.id !== args.id)
    .map((item, order) => ({ item, order, distance: Math.abs(item.price - args.price) }))
    .sort((a, b) => a.distance - b.distance || b.item.rating - a.item.rating || a.order - b.order)
    .slice(0, RELATED_LIMIT)
    .map(({ item }) => item)
}

/** The related goods of a product, as card views. */
export const relatedGoodsQuery = defineQuery('goods.related', async (api, [args]: [RelatedArgs], signal) => {
  const { searchGoods } = await import('../gateway/goods.ts')
  const page = await api.call(searchGoods, {
    query: { categoryId: args.categoryId, ...relatedPriceRange(args.price), pageSize: RELATED_PAGE_SIZE },
    signal,
  })
  return pickRelated(page.items.map(toCardShape), args)
})
