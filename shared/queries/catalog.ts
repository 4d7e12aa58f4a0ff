/** Queries of the catalogue: the category tree, goods lists with their URL state, filters and promo tiles. */
import { GOODS_SORTS } from '../models/values.ts'
import type { GoodsSort } from '../models/goods.ts'
import { CATALOG_PAGE_SIZE } from '../constants.ts'
import type { ApiClient } from '../api/client.ts'
import type { CategoryTree } from '../models/catalog.ts'
import { AppError } from '../api/errors.ts'
import { defineQuery, type LoadQuery } from '../routing/query.ts'
import type { SearchParams } from '../routing/types.ts'
import {
  promoCategoriesOf,
  tilesOpening,
  toCategoryPlace,
  toFiltersShape,
  toGoodsListShape,
  toGoodsPlace,
  toPromoTileShape,
  type CategoryLinkShape,
  type GoodsPlaceShape,
} from './views.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const catalogGateway = () => import('../gateway/catalog.ts')
const goodsGateway = () => import('../gateway/goods.ts')

/** What a goods list shows, as the URL says it (`?page=2&sort=price-asc&brand=a&brand=b`). */
export interface ListState {
  page: number
  sort: GoodsSort | undefined
  brand: readonly string[]
  label: readonly string[]
  priceMin: number | undefined
  priceMax: number | undefined
  inStock: boolean
  discounted: boolean
  /** «Есть в моём магазине»: only goods the store with this code has (the gateway filters). */
  store: string | undefined
}

/** The arguments of one goods-list call (also its SWR key, so undefined fields are left out). */
export interface GoodsListArgs {
  q?: string
  categoryId?: number
  sort?: GoodsSort
  brand?: readonly string[]
  label?: readonly string[]
  priceMin?: number
  priceMax?: number
  inStock?: true
  discounted?: true
  storeCode?: string
  page: number
}

const first = (value: string | readonly string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : (value as string | undefined)
const all = (value: string | readonly string[] | undefined): string[] =>
  value === undefined
    ? []
    : (Array.isArray(value) ? [...(value as string[])] : [value as string]).filter((item) => item !== '').slice(0, 30)
const positiveInt = (value: string | undefined): number | undefined =>
  value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined
const storeCode = (value: string | undefined): string | undefined =>
  value && /^[A-Za-z0-9-]{1,40}$/.test(value) ? value : undefined
const price = (value: string | undefined): number | undefined =>
  value && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? Number(value) : undefined

/** Reads the list state from the query string; anything malformed falls back to the default. */
export function listStateFromSearch(search: SearchParams): ListState {
  const sort = first(search.sort)
  return {
    page: positiveInt(first(search.page)) ?? 1,
    sort: (GOODS_SORTS as readonly string[]).includes(sort ?? '') ? (sort as GoodsSort) : undefined,
    brand: all(search.brand),
    label: all(search.label),
    priceMin: price(first(search.priceMin)),
    priceMax: price(first(search.priceMax)),
    inStock: first(search.inStock) === '1',
    discounted: first(search.discounted) === '1',
    store: storeCode(first(search.store)),
  }
}

/** Writes a list state as a query string (`?...`, or '' for the default state); page 1 is left out. */
export function listStateToSearch(state: ListState, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value)
  if (state.sort) params.set('sort', state.sort)
  for (const brand of state.brand) params.append('brand', brand)
  for (const label of state.label) params.append('label', label)
  if (state.priceMin !== undefined) params.set('priceMin', String(state.priceMin))
  if (state.priceMax !== undefined) params.set('priceMax', String(state.priceMax))
  if (state.inStock) params.set('inStock', '1')
  if (state.discounted) params.set('discounted', '1')
  if (state.store) params.set('store', state.store)
  if (state.page > 1) params.set('page', String(state.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The category a search is narrowed to (`?category=12`, UX3-18), if any. */
export const searchCategoryOf = (search: SearchParams): number | undefined => positiveInt(first(search.category))

/** Whether any filter (not sort or page) is set. */
export const hasFilters = (state: ListState): boolean =>
  state.brand.length > 0 ||
  state.label.length > 0 ||
  state.priceMin !== undefined ||
  state.priceMax !== undefined ||
  state.inStock ||
  state.discounted ||
  state.store !== undefined

/** The same list with every filter removed, from its first page (sort and text stay). */
export const withoutFilters = (state: ListState): ListState => ({
  ...state,
  brand: [],
  label: [],
  priceMin: undefined,
  priceMax: undefined,
  inStock: false,
  discounted: false,
  store: undefined,
  page: 1,
})

/** The goods-list call of a list state (with optional text and category). */
export function goodsListArgs(
  state: ListState,
  scope: { q?: string | undefined; categoryId?: number | undefined } = {},
): GoodsListArgs {
  const args: GoodsListArgs = { page: state.page }
  if (scope.q) args.q = scope.q
  if (scope.categoryId !== undefined) args.categoryId = scope.categoryId
  if (state.sort) args.sort = state.sort
  if (state.brand.length) args.brand = [...state.brand].sort()
  if (state.label.length) args.label = [...state.label].sort()
  if (state.priceMin !== undefined) args.priceMin = state.priceMin
  if (state.priceMax !== undefined) args.priceMax = state.priceMax
  if (state.inStock) args.inStock = true
  if (state.discounted) args.discounted = true
  if (state.store) args.storeCode = state.store
  return args
}

/** One page of goods (24 cards) for the catalogue and search, as card views. */
export const goodsListQuery = defineQuery('goods.search', async (api, [args]: [GoodsListArgs], signal) =>
  toGoodsListShape(
    await api.call((await goodsGateway()).searchGoods, {
      query: {
        ...args,
        brand: args.brand ? [...args.brand] : undefined,
        label: args.label ? [...args.label] : undefined,
        pageSize: CATALOG_PAGE_SIZE,
      },
      signal,
    }),
    args.q !== undefined && args.categoryId === undefined,
  ),
)

/** Category chips a text search offers at most (UX3-18). */
export const SEARCH_CHIPS_MAX = 6

/**
 * The category chips of a text search: the categories of the goods of `args`' page (the whole
 * catalogue's search, not narrowed to a category), most goods first, named from the category tree.
 */
export const searchCategoriesQuery = defineQuery(
  'search.categories',
  async (_api, [args]: [GoodsListArgs], _signal, load): Promise<CategoryLinkShape[]> => {
    const [page, tree] = await Promise.all([load(goodsListQuery(args)), load(categoryTreeQuery())])
    return (page.categoryIds ?? [])
      .flatMap((id) => {
        const category = toCategoryPlace(tree, id)?.category
        return category ? [{ id: category.id, name: category.name, slug: category.slug }] : []
      })
      .slice(0, SEARCH_CHIPS_MAX)
  },
)

/** How long one client reuses the tree it loaded (the browser's client lives long; the server's, one request). */
const TREE_REUSE_MS = 60_000
const loadedTrees = new WeakMap<ApiClient, { at: number; tree: Promise<CategoryTree> }>()
/**
 * The client's tree: one load per client and minute, so moving between categories does not reload it
 * (on the server a client lives for one request, and the query store shares the tree between requests).
 */
function clientTree(api: ApiClient, signal: AbortSignal | undefined): Promise<CategoryTree> {
  const known = loadedTrees.get(api)
  if (known && Date.now() - known.at < TREE_REUSE_MS) return known.tree
  const tree = catalogGateway().then((gateway) => api.call(gateway.getStoreCategories, { query: {}, signal }))
  loadedTrees.set(api, { at: Date.now(), tree })
  tree.catch(() => {
    if (loadedTrees.get(api)?.tree === tree) loadedTrees.delete(api)
  })
  return tree
}

/** The category tree with goods counts (all stores). */
export const categoryTreeQuery = defineQuery('categories.store', async (api, _args: [], signal) =>
  clientTree(api, signal),
)

/** Where one category sits in the tree (the category page needs no more of it); null for an unknown id. */
export const categoryPlaceQuery = defineQuery(
  'categories.place',
  async (_api, [id]: [number], _signal, load) => toCategoryPlace(await load(categoryTreeQuery()), id) ?? null,
)

/**
 * The tree's part that places goods of `categoryId` (null for a category the tree lacks, or a tree
 * that failed to load: the product page then shows the catalogue's root as its parent).
 * `tree` is a load already started by the caller, so the goods call need not wait for it.
 */
export async function goodsPlace(tree: Promise<CategoryTree>, categoryId: number): Promise<GoodsPlaceShape | null> {
  try {
    return toGoodsPlace(await tree, categoryId) ?? null
  } catch {
    return null
  }
}

/** When the tree last failed for a client's goods places: it is not asked for again within the minute. */
const failedTrees = new WeakMap<ApiClient, number>()

/**
 * Starts the tree load for `goodsPlace`. A tree that failed for this client is not asked for again
 * within `TREE_REUSE_MS`: during an outage each product (and each prefetch of one) would otherwise add
 * a doomed call beside its goods.
 */
export function goodsTree(api: ApiClient, load: LoadQuery, signal: AbortSignal | undefined): Promise<CategoryTree> {
  const failedAt = failedTrees.get(api)
  if (failedAt !== undefined && Date.now() - failedAt < TREE_REUSE_MS)
    return Promise.reject(new AppError('unavailable', 'The category tree failed a moment ago'))
  const tree = load(categoryTreeQuery())
  tree.catch(() => {
    if (!signal?.aborted) failedTrees.set(api, Date.now())
  })
  return tree
}

/** What the filter panel offers for a category (or the whole catalogue). */
export const goodsFiltersQuery = defineQuery('goods.filters', async (api, [categoryId]: [number | undefined], signal) =>
  toFiltersShape(
    await api.call((await goodsGateway()).getGoodsFilters, {
      query: categoryId === undefined ? {} : { categoryId },
      signal,
    }),
  ),
)

/** Discounted selections shown at the top of the catalogue (the header slider). */
export const promoTilesQuery = defineQuery('catalog.promosAndDiscounts', async (api, _args: [], signal) =>
  (await api.call((await catalogGateway()).getPromosAndDiscounts, { signal })).items.map(toPromoTileShape),
)

/**
 * The header tiles of one category page: only the promotions of this category, its group or its
 * subcategories (none when there are none). An id the tree lacks (a URL anyone can invent) loads no
 * tiles: it answers not found, and nothing is kept for it.
 */
export const categoryPromoTilesQuery = defineQuery(
  'catalog.categoryPromos',
  async (_api, [id]: [number], _signal, load) => {
    const categories = promoCategoriesOf(await load(categoryTreeQuery()), id)
    if (!categories) throw new AppError('not_found', `category ${id} is not in the tree`)
    return tilesOpening(await load(promoTilesQuery()), categories)
  },
)

/** Brands with the categories they sell in. */
export const brandedCategoriesQuery = defineQuery('catalog.brandedCategories', async (api, _args: [], signal) =>
  api.call((await catalogGateway()).getBrandedCategories, { signal }),
)
