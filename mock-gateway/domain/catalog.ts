/** Catalogue queries: text matching, category scoping, store availability, filtering and sorting of goods. */
import type { GoodsSearchQuery, GoodsSort } from '#shared/models/goods.ts'
import type { Store } from '#shared/models/stores.ts'
import type { CategoryRecord, GoodsRecord } from '../db/schemas.ts'
import { hashString } from '../random.ts'
import type { MockState } from '../state.ts'

/** Lower-cases and folds `ё` to `е`, for matching typed text. */
export const normalizeText = (text: string): string => text.toLowerCase().replaceAll('ё', 'е').trim()

/** Splits a query into words; every word must occur in the text for it to match. */
export function matchesWords(text: string, query: string): boolean {
  const haystack = normalizeText(text)
  return normalizeText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}

/** Whether goods can be bought in a store: pickup points get everything in stock, shops about 80% of it. */
export function availableInStore(goods: GoodsRecord, store: Pick<Store, 'code' | 'type'>): boolean {
  if (!goods.inStock) return false
  return store.type === 'pickup-point' || hashString(`${goods.id}:${store.code}`) % 10 < 8
}

/**
 * Units of goods on a store's shelves: none where it is not available (`availableInStore`); a pickup
 * point holds the whole online stock; a shop 1 to 12 units, fixed per goods and store (so some show
 * «Мало»).
 */
export function stockInStore(goods: GoodsRecord, store: Pick<Store, 'code' | 'type'>): number {
  if (!availableInStore(goods, store)) return 0
  return store.type === 'pickup-point' ? goods.stock : 1 + (hashString(`${goods.id}:${store.code}:units`) % 12)
}

/** A category and, for a group, its children's ids; undefined for an unknown id. */
export function categoryScope(
  state: MockState,
  categoryId: number,
): { category: CategoryRecord; ids: Set<number> } | undefined {
  const category = state.db.categories.findFirst((q) => q.where({ id: categoryId }))
  if (!category) return undefined
  const ids = new Set([category.id])
  if (category.parentId === null)
    for (const child of state.db.categories.findMany((q) => q.where({ parentId: category.id }))) ids.add(child.id)
  return { category, ids }
}

const comparators: Record<GoodsSort, (a: GoodsRecord, b: GoodsRecord) => number> = {
  popular: (a, b) => b.popularity - a.popularity,
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  discount: (a, b) => (b.discountPercent ?? 0) - (a.discountPercent ?? 0) || b.popularity - a.popularity,
  new: (a, b) => b.addedAt.localeCompare(a.addedAt),
  rating: (a, b) => b.rating - a.rating || b.reviewsCount - a.reviewsCount,
}

/**
 * Sorts goods by a sort order, goods in stock first (sold-out ones sink to the end of every order, as
 * the real catalogue does); ties keep id order so pages never overlap.
 */
export const sortGoods = (goods: GoodsRecord[], sort: GoodsSort): GoodsRecord[] =>
  goods.sort((a, b) => Number(b.inStock) - Number(a.inStock) || comparators[sort](a, b) || a.id - b.id)

/** Goods matching a search query (text, category scope, filters, store), sorted. */
export function findGoodsFor(
  state: MockState,
  query: GoodsSearchQuery,
  scope?: Set<number>,
  store?: Store,
): GoodsRecord[] {
  const categoryNames = new Map(state.db.categories.findMany().map((c) => [c.id, c.name]))
  const brands = query.brand?.length ? new Set(query.brand) : undefined
  const labels = query.label?.length ? new Set(query.label) : undefined
  const text = query.q?.trim()
  const only = query.id?.length ? new Set(query.id) : undefined
  const goods = state.db.goods
    .findMany()
    .filter(
      (item) =>
        (!only || only.has(item.id)) &&
        (!scope || scope.has(item.categoryId)) &&
        (!text || matchesWords(`${item.name} ${item.brand.name} ${categoryNames.get(item.categoryId) ?? ''}`, text)) &&
        (!brands || brands.has(item.brand.slug)) &&
        (!labels || item.labels.some((label) => labels.has(label))) &&
        (query.priceMin === undefined || item.price >= query.priceMin) &&
        (query.priceMax === undefined || item.price <= query.priceMax) &&
        (!query.inStock || item.inStock) &&
        (!query.discounted || item.oldPrice !== undefined) &&
        (!store || availableInStore(item, store)),
    )
  return sortGoods(goods, query.sort ?? 'popular')
}
