/**
 * Shapes: what the pages render, mapped from the gateway's answers inside the query fetchers (the
 * file keeps its name: the build lists it in a chunk of its own).
 * The page's data block (the SWR fallback) and the browser's hooks hold these under the same keys, so
 * the HTML carries only the fields a page shows (DESIGN.md section 5), not whole gateway answers.
 * Fields that are usually empty are left out instead of sent as `false` or `[]`.
 */
import type { Category, CategoryTree, PromoTile } from '../models/catalog.ts'
import type { GoodsCard, GoodsFilters, GoodsLabel, GoodsPage } from '../models/goods.ts'
import type { GoodsBlock } from '../models/main-page.ts'

/** A product card: exactly the fields `ProductCard` renders. */
export interface GoodsCardShape {
  id: number
  name: string
  slug: string
  /** The brand's name. */
  brand: string
  price: number
  oldPrice?: number
  discountPercent?: number
  /** The image's URL: the card draws it in a square box sized by CSS (no width, height or alt to carry; the name is next to it). */
  image?: string
  rating: number
  reviewsCount: number
  inStock: boolean
  /** Present only when true. */
  ageRestricted?: true
  /** The labels the card shows as badges: at most two, never `sale` (the price shows the discount); present only when not empty. */
  labels?: GoodsLabel[]
}

/** A page of goods cards. */
export interface GoodsListShape {
  items: GoodsCardShape[]
  total: number
  page: number
  pageSize: number
  /**
   * The categories of this page's goods, most goods first: a text search's chips (UX3-18). Present
   * only for a text search over the whole catalogue.
   */
  categoryIds?: number[]
}

/** The categories of a page's goods, the one with most goods first (ties: first met first). */
export function pageCategoryIds(items: readonly { categoryId: number }[]): number[] {
  const counts = new Map<number, number>()
  for (const item of items) counts.set(item.categoryId, (counts.get(item.categoryId) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id)
}

/** The card view of a gateway goods card. */
export function toCardShape(card: GoodsCard): GoodsCardShape {
  const view: GoodsCardShape = {
    id: card.id,
    name: card.name,
    slug: card.slug,
    brand: card.brand.name,
    price: card.price,
    rating: card.rating,
    reviewsCount: card.reviewsCount,
    inStock: card.inStock,
  }
  if (card.oldPrice !== undefined) view.oldPrice = card.oldPrice
  if (card.discountPercent !== undefined) view.discountPercent = card.discountPercent
  if (card.image) view.image = card.image.url
  if (card.ageRestricted) view.ageRestricted = true
  const labels = card.labels.filter((label) => label !== 'sale').slice(0, 2)
  if (labels.length > 0) view.labels = labels
  return view
}

/** The list view of a gateway goods page. */
export const toGoodsListShape = (page: GoodsPage, withCategories = false): GoodsListShape => ({
  items: page.items.map(toCardShape),
  total: page.total,
  page: page.page,
  pageSize: page.pageSize,
  ...(withCategories ? { categoryIds: pageCategoryIds(page.items) } : {}),
})

/** A titled carousel of goods (home page rails) with card views. */
export interface GoodsBlockShape {
  title: string
  url: string | null
  items: GoodsCardShape[]
}

/** The rail view of a gateway goods block. */
export const toGoodsBlockShape = (block: GoodsBlock): GoodsBlockShape => ({
  title: block.title,
  url: block.url,
  items: block.items.map(toCardShape),
})

/** Any answer with a `goods` list of cards (an article, a publication), with card views instead. */
export const withCardShapes = <T extends { goods: GoodsCard[] }>(
  answer: T,
): Omit<T, 'goods'> & { goods: GoodsCardShape[] } => ({ ...answer, goods: answer.goods.map(toCardShape) })

/** A category link (breadcrumbs, chips). */
export interface CategoryLinkShape {
  id: number
  name: string
  slug: string
}

/** Where a category sits in the tree: itself, its group, and the links the page shows beside it. */
export interface CategoryPlaceShape {
  category: CategoryLinkShape & { image: string }
  /** The top-level group of a second-level category. */
  group?: CategoryLinkShape
  /** A group's children, or a category's siblings (its group's children). */
  links: CategoryLinkShape[]
}

const linkShape = (category: Category): CategoryLinkShape => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
})

/** The place of category `id` in the tree (undefined when the tree has no such id). */
export function toCategoryPlace(tree: CategoryTree, id: number): CategoryPlaceShape | undefined {
  for (const node of tree.items) {
    if (node.id === id)
      return { category: { ...linkShape(node), image: node.image.url }, links: node.children.map(linkShape) }
    const child = node.children.find((item) => item.id === id)
    if (child)
      return {
        category: { ...linkShape(child), image: child.image.url },
        group: linkShape(node),
        links: node.children.map(linkShape),
      }
  }
  return undefined
}

/** Where goods sit in the catalogue: their category and its group (the product page's breadcrumbs). */
export interface GoodsPlaceShape {
  category: CategoryLinkShape
  /** The top-level group when the category is a second-level one. */
  group?: CategoryLinkShape
}

/** The place of goods of category `id` in the tree (undefined when the tree has no such id). */
export function toGoodsPlace(tree: CategoryTree, id: number): GoodsPlaceShape | undefined {
  for (const node of tree.items) {
    if (node.id === id) return { category: linkShape(node) }
    const child = node.children.find((item) => item.id === id)
    if (child) return { category: linkShape(child), group: linkShape(node) }
  }
  return undefined
}

/** The filter panel's view: brands by slug with counts, labels, price range, the two counters and sorts. */
export interface GoodsFiltersShape {
  brands: Array<{ slug: string; name: string; count: number }>
  price: { min: number; max: number }
  labels: Array<{ label: GoodsLabel; count: number }>
  inStockCount: number
  discountedCount: number
  sorts: GoodsFilters['sorts']
}

/** The catalogue category a storefront path opens (`/catalog/12-litso?sort=discount` → 12), if any. */
const categoryOfPath = (url: string): number | undefined => {
  const found = /^\/catalog\/(\d+)(?:[-/?#]|$)/.exec(url)
  return found ? Number(found[1]) : undefined
}

/**
 * The categories whose promotions a category page shows: itself, its group and its subcategories;
 * undefined for an id the tree does not know (a URL anyone can invent), whose page loads no tiles.
 */
export function promoCategoriesOf(tree: CategoryTree, id: number): ReadonlySet<number> | undefined {
  const related = new Set([id])
  let known = false
  for (const node of tree.items) {
    if (node.id === id) {
      known = true
      for (const child of node.children) related.add(child.id)
    } else if (node.children.some((child) => child.id === id)) {
      known = true
      related.add(node.id)
    }
  }
  return known ? related : undefined
}

/** The tiles that open one of these categories. */
export const tilesOpening = (tiles: readonly PromoTileShape[], categories: ReadonlySet<number>): PromoTileShape[] =>
  tiles.filter((tile) => categories.has(categoryOfPath(tile.url) ?? -1))

/** The filters view of a gateway filters answer. */
export const toFiltersShape = (filters: GoodsFilters): GoodsFiltersShape => ({
  brands: filters.brands.map((brand) => ({ slug: brand.slug, name: brand.name, count: brand.count })),
  price: filters.price,
  labels: filters.labels,
  inStockCount: filters.inStockCount,
  discountedCount: filters.discountedCount,
  sorts: filters.sorts,
})

/** A promo tile as the header slider renders it. */
export interface PromoTileShape {
  id: number
  title: string
  subtitle?: string
  /** The image's URL: the tile draws it in a fixed box sized by CSS. */
  image: string
  url: string
  badge?: string
}

/** The tile view of a gateway promo tile. */
export function toPromoTileShape(tile: PromoTile): PromoTileShape {
  const view: PromoTileShape = { id: tile.id, title: tile.title, image: tile.image.url, url: tile.url }
  if (tile.subtitle) view.subtitle = tile.subtitle
  if (tile.badge) view.badge = tile.badge
  return view
}
