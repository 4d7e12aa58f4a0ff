/**
 * The goods viewed on this device, for «Вы смотрели»: card views, newest first, de-duplicated by id,
 * at most `RECENT_GOODS_LIMIT`, kept in local storage like the search history, their cards refreshed with
 * today's prices whenever the rail shows them. Browser only (effects
 * and handlers, never render): the server never knows them, so cached pages stay shareable.
 */
import type { Goods } from '#shared/models/goods.ts'
import type { GoodsCardShape } from '#shared/queries/views.ts'

/**
 * The local storage key. Not in `STORAGE` of shared/cookies.ts: that object is read whole by the
 * first load of every page, and the first load of `/` has no bytes to spare (DESIGN.md section 5).
 */
export const RECENT_GOODS_KEY = 'recent.goods'

/** How many viewed goods the device keeps. */
export const RECENT_GOODS_LIMIT = 12

/** The event the window receives when this tab changes the list (other tabs get `storage`). */
export const RECENT_GOODS_EVENT = 'recent-goods-change'

const isCard = (value: unknown): value is GoodsCardShape => {
  if (typeof value !== 'object' || value === null) return false
  const card = value as Record<string, unknown>
  return (
    typeof card.id === 'number' &&
    Number.isInteger(card.id) &&
    card.id > 0 &&
    typeof card.name === 'string' &&
    typeof card.slug === 'string' &&
    typeof card.brand === 'string' &&
    typeof card.price === 'number' &&
    typeof card.rating === 'number' &&
    typeof card.reviewsCount === 'number' &&
    typeof card.inStock === 'boolean' &&
    (card.image === undefined || (typeof card.image === 'string' && /^(\/(?!\/)|https:\/\/)/.test(card.image)))
  )
}

/** The card view of a product page's goods (what a card of the list needs, nothing more). */
export function viewedCard(goods: Goods): GoodsCardShape {
  const card: GoodsCardShape = {
    id: goods.id,
    name: goods.name,
    slug: goods.slug,
    brand: goods.brand.name,
    price: goods.price,
    rating: goods.rating,
    reviewsCount: goods.reviewsCount,
    inStock: goods.inStock,
  }
  if (goods.oldPrice !== undefined) card.oldPrice = goods.oldPrice
  if (goods.discountPercent !== undefined) card.discountPercent = goods.discountPercent
  if (goods.images[0]) card.image = goods.images[0].url
  if (goods.ageRestricted) card.ageRestricted = true
  return card
}

/** Reads the list; a missing or broken value (or a broken entry) reads as nothing. */
export function readRecentGoods(storage: Pick<Storage, 'getItem'> = localStorage): GoodsCardShape[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENT_GOODS_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter(isCard).slice(0, RECENT_GOODS_LIMIT) : []
  } catch {
    return []
  }
}

/** Puts a card first (removing its earlier copy) and keeps the newest `RECENT_GOODS_LIMIT`. */
export function addRecent(list: readonly GoodsCardShape[], card: GoodsCardShape): GoodsCardShape[] {
  return [card, ...list.filter((item) => item.id !== card.id)].slice(0, RECENT_GOODS_LIMIT)
}

const changed = () => window.dispatchEvent(new Event(RECENT_GOODS_EVENT))

/** Records a viewed product; storage that is full or disabled only loses the convenience. */
export function rememberViewed(
  card: GoodsCardShape,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): GoodsCardShape[] {
  const next = addRecent(readRecentGoods(storage), card)
  try {
    storage.setItem(RECENT_GOODS_KEY, JSON.stringify(next))
    changed()
  } catch {
    // Storage full or disabled: the list is a convenience.
  }
  return next
}

/** The list with each card replaced by today's card of the same goods (order kept; goods not answered for stay). */
export function withCurrentCards(
  list: readonly GoodsCardShape[],
  current: readonly GoodsCardShape[],
): GoodsCardShape[] {
  const byId = new Map(current.map((card) => [card.id, card]))
  return list.map((card) => byId.get(card.id) ?? card)
}

/**
 * Stores today's cards of the listed goods (prices, stock, rating) in place of the ones of the day they
 * were viewed; no change event (the caller shows them), and other tabs keep theirs until they refresh.
 */
export function keepCurrentCards(
  current: readonly GoodsCardShape[],
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): GoodsCardShape[] {
  const next = withCurrentCards(readRecentGoods(storage), current)
  try {
    storage.setItem(RECENT_GOODS_KEY, JSON.stringify(next))
  } catch {
    // Storage full or disabled: the list is a convenience.
  }
  return next
}

/** Forgets every viewed product («Очистить»). */
export function clearRecentGoods(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(RECENT_GOODS_KEY)
    changed()
  } catch {
    // ignored: nothing to clear
  }
}
