/** Russian names of goods labels (the badges of product cards); the lists' texts are list-texts.ts. */
import type { GoodsLabel } from '#shared/models/goods.ts'

/** Label → badge text. */
export const LABEL_NAMES: Record<GoodsLabel, string> = {
  new: 'Новинка',
  hit: 'Хит',
  sale: 'Скидка',
  exclusive: 'Только у нас',
  eco: 'Эко',
  gift: 'Подарок',
}
