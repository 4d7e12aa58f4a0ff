/**
 * Russian texts of goods lists: sort orders and the plural forms of "товар". Apart from the badge
 * texts, which every product card needs, so that a page of cards without a list's sorting
 * (the home page) does not carry them.
 */
import type { GoodsSort } from '#shared/models/goods.ts'

/** Sort → option text. */
export const SORT_NAMES: Record<GoodsSort, string> = {
  popular: 'По популярности',
  'price-asc': 'Сначала дешёвые',
  'price-desc': 'Сначала дорогие',
  discount: 'По размеру скидки',
  new: 'Сначала новинки',
  rating: 'По рейтингу',
}

/** Plural forms of "товар". */
export const GOODS_FORMS = ['товар', 'товара', 'товаров'] as const
