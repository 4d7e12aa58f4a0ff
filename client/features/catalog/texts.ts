/** Russian names of goods labels and sort orders. */
import type { GoodsLabel, GoodsSort } from '#shared/models/goods.ts'

/** Label → badge text. */
export const LABEL_NAMES: Record<GoodsLabel, string> = {
  new: 'Новинка',
  hit: 'Хит',
  sale: 'Скидка',
  exclusive: 'Только у нас',
  eco: 'Эко',
  gift: 'Подарок',
}

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
