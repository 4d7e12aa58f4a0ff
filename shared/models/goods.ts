/** Goods: the product page body, the catalogue card, the redirect answer and the search query. */
import * as z from 'zod/mini'
import { BrandRefSchema } from './brands.ts'
import { GOODS_SORTS, isRedirect } from './values.ts'
import {
  IdSchema,
  ImageSchema,
  PriceSchema,
  queryBool,
  queryIdList,
  queryInt,
  queryList,
  queryNumber,
  IdParamSchema,
  pageOf,
  PAGE_SIZE_MAX,
} from './common.ts'

/** Labels shown on goods cards. */
export const GOODS_LABELS = ['new', 'hit', 'sale', 'exclusive', 'eco', 'gift'] as const
export const GoodsLabelSchema = z.enum(GOODS_LABELS)
export type GoodsLabel = z.infer<typeof GoodsLabelSchema>

/** A product as the product page shows it (`GET /v2/goods/:id`). */
export const GoodsSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Latin transliteration of the name, for `/product/{id}-{slug}`. */
  slug: z.string(),
  brand: BrandRefSchema,
  categoryId: IdSchema,
  price: PriceSchema,
  oldPrice: z.optional(PriceSchema),
  discountPercent: z.optional(z.int().check(z.minimum(1), z.maximum(99))),
  images: z.array(ImageSchema),
  /** Plain text; paragraphs are separated by `\n\n`. */
  description: z.string(),
  composition: z.optional(z.string()),
  usage: z.optional(z.string()),
  /** Package size as printed (`50 мл`, `3 шт.`). */
  volume: z.optional(z.string()),
  country: z.optional(z.string()),
  rating: z.number().check(z.minimum(0), z.maximum(5)),
  reviewsCount: z.int().check(z.nonnegative()),
  /** 18+ goods: the page asks for age confirmation first. */
  ageRestricted: z.boolean(),
  inStock: z.boolean(),
  /** Units available to order. */
  stock: z.int().check(z.nonnegative()),
  labels: z.array(GoodsLabelSchema),
})
export type Goods = z.infer<typeof GoodsSchema>

/** The answer for goods that moved: the storefront follows `location` (goods 900005 moved to 900006). */
export const GoodsRedirectSchema = z.object({
  redirect: z.object({ location: z.string().check(z.minLength(1)), permanent: z.boolean() }),
})
export type GoodsRedirect = z.infer<typeof GoodsRedirectSchema>

/** `GET /v2/goods/:id` answers either the goods or a redirect. */
export const GoodsAnswerSchema = z.union([GoodsRedirectSchema, GoodsSchema])
export type GoodsAnswer = z.infer<typeof GoodsAnswerSchema>

/** Whether a goods answer is a redirect rather than goods. */
export { isRedirect }

/** A product in lists: the catalogue, search, main-page blocks, favorites. The product's fields, with one image. */
const { id, name, slug, brand, categoryId, price, oldPrice, discountPercent } = GoodsSchema.shape
const { rating, reviewsCount, ageRestricted, inStock, labels } = GoodsSchema.shape
export const GoodsCardSchema = z.object({
  id,
  name,
  slug,
  brand,
  categoryId,
  price,
  oldPrice,
  discountPercent,
  image: z.nullable(ImageSchema),
  rating,
  reviewsCount,
  ageRestricted,
  inStock,
  labels,
})
export type GoodsCard = z.infer<typeof GoodsCardSchema>

/** Sort orders of goods lists. */
export { GOODS_SORTS }
export const GoodsSortSchema = z.enum(GOODS_SORTS)
export type GoodsSort = z.infer<typeof GoodsSortSchema>

/** Goods per catalogue page unless `pageSize` says otherwise. */
export const GOODS_PAGE_SIZE_DEFAULT = 24

/**
 * `GET /v2/goods/search`: text, category, filters, sort and paging. List filters are repeated keys
 * (`brand=a&brand=b`); `brand` takes brand slugs, `label` goods labels.
 */
export const GoodsSearchQuerySchema = z.object({
  q: z.optional(z.string()),
  categoryId: z.optional(IdParamSchema),
  brand: z.optional(queryList()),
  label: z.optional(queryList()),
  priceMin: z.optional(queryNumber()),
  priceMax: z.optional(queryNumber()),
  inStock: z.optional(queryBool()),
  /** Only goods with a discount. */
  discounted: z.optional(queryBool()),
  /** Only goods available in this store. */
  storeCode: z.optional(z.string()),
  /** Only these goods (repeated `id` keys): with `storeCode`, which of the cards shown the store has. */
  id: z.optional(queryIdList()),
  sort: z.optional(GoodsSortSchema),
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})
export type GoodsSearchQuery = z.infer<typeof GoodsSearchQuerySchema>

/** A page of goods cards. */
export const GoodsPageSchema = pageOf(GoodsCardSchema)
export type GoodsPage = z.infer<typeof GoodsPageSchema>

/** `GET /v1/goods/filters?categoryId=`: what the filter panel may offer for a category (or the whole catalogue). */
export const GoodsFiltersSchema = z.object({
  categoryId: z.nullable(IdSchema),
  brands: z.array(z.extend(BrandRefSchema, { count: z.int().check(z.nonnegative()) })),
  price: z.object({ min: PriceSchema, max: PriceSchema }),
  labels: z.array(z.object({ label: GoodsLabelSchema, count: z.int().check(z.nonnegative()) })),
  inStockCount: z.int().check(z.nonnegative()),
  discountedCount: z.int().check(z.nonnegative()),
  sorts: z.array(GoodsSortSchema),
})
export type GoodsFilters = z.infer<typeof GoodsFiltersSchema>

/** `GET /v2/goods/:id/stock?storeCode=…`: the stores to answer for (repeated keys, at most `PAGE_SIZE_MAX`). */
export const GoodsStockQuerySchema = z.object({
  storeCode: z.pipe(
    queryList(),
    z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(PAGE_SIZE_MAX)),
  ),
})

/**
 * Units of one goods on the shelves of each store asked about (a store the gateway does not know is
 * left out). This storefront's contract: one call for a page of stores (where to buy it today).
 */
export const GoodsStockSchema = z.object({
  goodsId: IdSchema,
  items: z.array(z.object({ storeCode: z.string(), quantity: z.int().check(z.nonnegative()) })),
})
