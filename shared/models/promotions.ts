/** The promotions catalogue (`/promo-catalog`, `/promo-product/...`) and promo banners. */
import * as z from 'zod/mini'
import { GoodsCardSchema } from './goods.ts'
import { PROMOTION_TYPES } from './values.ts'
import {
  IdParamSchema,
  IdSchema,
  ImageSchema,
  PriceSchema,
  TimestampSchema,
  pageOf,
  queryInt,
  PAGE_SIZE_MAX,
} from './common.ts'

/** Kinds of promotion. */
export { PROMOTION_TYPES }
export const PromotionTypeSchema = z.enum(PROMOTION_TYPES)
export type PromotionType = z.infer<typeof PromotionTypeSchema>

/** `GET /v2/promotions/categories`: the promotion categories with how many promotions each holds. */
export const PromotionCategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  image: ImageSchema,
  count: z.int().check(z.nonnegative()),
})
export type PromotionCategory = z.infer<typeof PromotionCategorySchema>

/** The list of promotion categories. */
export const PromotionCategoriesSchema = z.object({ items: z.array(PromotionCategorySchema) })

/**
 * A promotion's title as a shopper reads it. A feed that pastes a goods name after «на» or «за» leaves
 * the name in the nominative («Скидка 40% на Зубная паста «Бархат»»); a colon reads right without
 * inflecting it («Скидка 40%: Зубная паста «Бархат»»). A lowercase word after the preposition is a
 * copywriter's own, correctly inflected phrase («Скидка 20% на шампуни»), and is kept.
 */
export function readablePromoTitle(title: string): string {
  return title.replace(/^(Скидка\s+\d+\s*%|Вернём\s+\d+\s*%\s+баллами)\s+(?:на|за)\s+(?=\p{Lu})/u, '$1: ')
}

/** A goods name in «»: its own quotes become „“, as Russian nests them («Гель „Черника“»). */
export const quotedName = (name: string): string => `«${name.replace(/«/g, '„').replace(/»/g, '“')}»`

/** A promotion in lists (a promo product card). */
export const PromotionCardSchema = z.object({
  id: IdSchema,
  slug: z.string(),
  title: z.pipe(z.string(), z.transform(readablePromoTitle)),
  type: PromotionTypeSchema,
  categoryId: IdSchema,
  image: ImageSchema,
  /** `-30%`, `1+1`, `Подарок`. */
  badge: z.string(),
  price: z.nullable(PriceSchema),
  oldPrice: z.nullable(PriceSchema),
  startsAt: TimestampSchema,
  endsAt: TimestampSchema,
  /** The catalogue goods of the promotion, if any (lists show its availability in the chosen store). */
  goodsId: z.optional(z.nullable(IdSchema)),
})
export type PromotionCard = z.infer<typeof PromotionCardSchema>

/** `GET /v2/promotions/item?id=`: a promo product page. */
export const PromotionSchema = z.extend(PromotionCardSchema, {
  description: z.string(),
  conditions: z.array(z.string()),
  images: z.array(ImageSchema),
  /** The catalogue goods this promotion is about, if any. */
  goodsId: z.nullable(IdSchema),
  /** Those goods as a list card (brand, stock, rating), for the buy block of the page; absent when not sent. */
  goods: z.optional(z.nullable(GoodsCardSchema)),
  ageRestricted: z.boolean(),
})
export type Promotion = z.infer<typeof PromotionSchema>

/** `GET /v1/promotions`: active promotions, newest first, optionally of one category or type. */
export const PromotionsQuerySchema = z.object({
  categoryId: z.optional(IdParamSchema),
  type: z.optional(PromotionTypeSchema),
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** A page of promotions. */
export const PromotionsPageSchema = pageOf(PromotionCardSchema)
export type PromotionsPage = z.infer<typeof PromotionsPageSchema>

/** Query of `GET /v2/promotions/item`. */
export const PromotionItemQuerySchema = z.object({ id: IdParamSchema })

/** `GET /v1/promotions/type`: promotion kinds with their Russian names and counts. */
export const PromotionTypesSchema = z.object({
  items: z.array(z.object({ type: PromotionTypeSchema, name: z.string(), count: z.int().check(z.nonnegative()) })),
})
export type PromotionTypes = z.infer<typeof PromotionTypesSchema>

/** Where a promo banner is shown. */
export const BANNER_PLACEMENTS = ['main-slider', 'bottom-slider', 'loyalty', 'registration', 'search'] as const
export const BannerPlacementSchema = z.enum(BANNER_PLACEMENTS)
export type BannerPlacement = z.infer<typeof BannerPlacementSchema>

/** A promo banner. */
export const BannerSchema = z.object({
  id: IdSchema,
  placement: BannerPlacementSchema,
  title: z.string(),
  subtitle: z.nullable(z.string()),
  image: ImageSchema,
  /** A storefront path, or an absolute URL of the main site. */
  url: z.string(),
  buttonLabel: z.nullable(z.string()),
})
export type Banner = z.infer<typeof BannerSchema>

/** `GET /v1/promos/mp?placement=`: promo banners of the main page and search (all placements when left out). */
export const BannersSchema = z.object({ items: z.array(BannerSchema) })

/** Query of `/v1/promos/mp`. */
export const BannersQuerySchema = z.object({ placement: z.optional(BannerPlacementSchema) })
