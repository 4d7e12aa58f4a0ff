/** Categories and the catalogue's promotional tiles. */
import * as z from 'zod/mini'
import { BrandRefSchema } from './brands.ts'
import { IdSchema, ImageSchema } from './common.ts'

/** A category; top-level groups have `parentId: null`. */
export const CategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Latin transliteration, for `/catalog/{id}-{slug}`. */
  slug: z.string(),
  parentId: z.nullable(IdSchema),
  image: ImageSchema,
  /** Goods in the category (for a group: in all its children), within the chosen store if any. */
  goodsCount: z.int().check(z.nonnegative()),
})
export type Category = z.infer<typeof CategorySchema>

/** A top-level group with its categories. */
export const CategoryNodeSchema = z.extend(CategorySchema, { children: z.array(CategorySchema) })
export type CategoryNode = z.infer<typeof CategoryNodeSchema>

/** `GET /v3/categories/store?storeCode=`: the category tree with counts for a store (or all stores). */
export const CategoryTreeSchema = z.object({
  storeCode: z.nullable(z.string()),
  items: z.array(CategoryNodeSchema),
})
export type CategoryTree = z.infer<typeof CategoryTreeSchema>

/** Query of the category tree. */
export const CategoryTreeQuerySchema = z.object({ storeCode: z.optional(z.string()) })

/** A tile of `/v1/cosmetic-{product}/catalog/promos-and-discounts`: links to a discounted selection. */
export const PromoTileSchema = z.object({
  id: IdSchema,
  title: z.string(),
  subtitle: z.optional(z.string()),
  image: ImageSchema,
  /** A storefront path (`/catalog/12-litso?sort=discount`, `/promo-catalog/3-skidki`). */
  url: z.string(),
  badge: z.optional(z.string()),
})
export type PromoTile = z.infer<typeof PromoTileSchema>

/** `GET /v1/cosmetic-{product}/catalog/promos-and-discounts`. */
export const PromoTilesSchema = z.object({ items: z.array(PromoTileSchema) })
export type PromoTiles = z.infer<typeof PromoTilesSchema>

/** `GET /v1/cosmetic-{product}/catalog/branded-goods-categories`: brands with the categories they sell in. */
export const BrandedCategoriesSchema = z.object({
  items: z.array(
    z.object({
      brand: BrandRefSchema,
      logo: ImageSchema,
      categories: z.array(z.object({ id: IdSchema, name: z.string(), slug: z.string(), goodsCount: z.int() })),
    }),
  ),
})
export type BrandedCategories = z.infer<typeof BrandedCategoriesSchema>
