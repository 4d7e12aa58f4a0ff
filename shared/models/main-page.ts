/** Home page blocks under `/v1/cosmetic-{product}/main-page/` (spec section 1). */
import * as z from 'zod/mini'
import { BrandSchema } from './brands.ts'
import { IdSchema, ImageSchema, TimestampSchema } from './common.ts'
import { ArticleCardSchema, TextSectionSchema } from './content.ts'
import { GoodsCardSchema } from './goods.ts'

/** An advertising slot rendered by the ad network (`adfox`). */
export const AdSlotSchema = z.object({
  id: z.string(),
  placement: z.enum(['top', 'middle', 'bottom', 'catalog']),
  ownerId: z.string(),
  containerId: z.string(),
  params: z.record(z.string(), z.string()),
  /** Shown when the ad network is unavailable. */
  fallback: z.nullable(z.object({ image: ImageSchema, url: z.string() })),
})
export type AdSlot = z.infer<typeof AdSlotSchema>

/** `main-page/adfox`. */
export const AdSlotsSchema = z.object({ items: z.array(AdSlotSchema) })
export type AdSlots = z.infer<typeof AdSlotsSchema>

/** `main-page/ticker`: the running line of short news. */
export const TickerSchema = z.object({
  items: z.array(z.object({ id: IdSchema, text: z.string(), url: z.nullable(z.string()) })),
})
export type Ticker = z.infer<typeof TickerSchema>

/** `main-page/brands`. */
export const BrandsBlockSchema = z.object({ title: z.string(), items: z.array(BrandSchema) })
export type BrandsBlock = z.infer<typeof BrandsBlockSchema>

/** A titled carousel of goods: gift-packages, special-offers, exclusive-with-us, new-arrival. */
export const GoodsBlockSchema = z.object({
  title: z.string(),
  /** Where "show all" leads (a storefront path). */
  url: z.nullable(z.string()),
  items: z.array(GoodsCardSchema),
})
export type GoodsBlock = z.infer<typeof GoodsBlockSchema>

/** `main-page/categories`: category tiles. */
export const CategoryTilesSchema = z.object({
  title: z.string(),
  items: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      slug: z.string(),
      image: ImageSchema,
      goodsCount: z.int(),
    }),
  ),
})
export type CategoryTiles = z.infer<typeof CategoryTilesSchema>

/** `main-page/articles`: useful articles. */
export const ArticlesBlockSchema = z.object({ title: z.string(), items: z.array(ArticleCardSchema) })
export type ArticlesBlock = z.infer<typeof ArticlesBlockSchema>

/** A "popular" publication: a curated selection with its own page `/popular/{id}-{slug}`. */
export const PublicationCardSchema = z.object({
  id: IdSchema,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: ImageSchema,
  publishedAt: TimestampSchema,
})

/** `main-page/publications`: the "popular" block. */
export const PublicationsBlockSchema = z.object({ title: z.string(), items: z.array(PublicationCardSchema) })
export type PublicationsBlock = z.infer<typeof PublicationsBlockSchema>

/** `main-page/publications/:id`: a publication's page: text and its goods. */
export const PublicationSchema = z.extend(PublicationCardSchema, {
  sections: z.array(TextSectionSchema),
  goods: z.array(GoodsCardSchema),
})
