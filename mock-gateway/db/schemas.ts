/**
 * Record schemas of the mock's collections. Each is a shared model of `shared/models` (never a copy),
 * extended with what only the gateway keeps: owners, sort keys, idempotency keys.
 */
import * as z from 'zod/mini'
import { BrandSchema } from '#shared/models/brands.ts'
import { CategorySchema } from '#shared/models/catalog.ts'
import { DeliveryTypeSchema } from '#shared/models/checkout.ts'
import { IdSchema, TimestampSchema } from '#shared/models/common.ts'
import { PermissionsSchema } from '#shared/models/consents.ts'
import { ArticleCardSchema, TextSectionSchema } from '#shared/models/content.ts'
import { GoodsSchema } from '#shared/models/goods.ts'
import { PublicationCardSchema } from '#shared/models/main-page.ts'
import { OrderSchema } from '#shared/models/orders.ts'
import { PaymentMethodSchema } from '#shared/models/payment-cards.ts'
import { ProfileSchema } from '#shared/models/profile.ts'
import { PromotionCategorySchema } from '#shared/models/promotions.ts'
import { ReviewSchema } from '#shared/models/reviews.ts'
import { SubscriptionStateSchema } from '#shared/models/subscription.ts'

/** Goods with their popularity rank and arrival time (sort keys of `popular` and `new`). */
export const GoodsRecordSchema = z.extend(GoodsSchema, {
  popularity: z.int(),
  addedAt: TimestampSchema,
  exclusive: z.boolean(),
})
export type GoodsRecord = z.infer<typeof GoodsRecordSchema>

/** A category without its counts (they are computed per request). */
export const CategoryRecordSchema = z.omit(CategorySchema, { goodsCount: true })
export type CategoryRecord = z.infer<typeof CategoryRecordSchema>

/** A brand without its counts. */
export const BrandRecordSchema = z.omit(BrandSchema, { goodsCount: true })

/** A promotion category without its counts. */
export const PromotionCategoryRecordSchema = z.omit(PromotionCategorySchema, { count: true })

/** An article: its card, author, sections and the ids of the goods it mentions. */
export const ArticleRecordSchema = z.extend(ArticleCardSchema, {
  author: z.string(),
  sections: z.array(TextSectionSchema),
  goodsIds: z.array(IdSchema),
})
export type ArticleRecord = z.infer<typeof ArticleRecordSchema>

/** A publication of the "popular" block with its sections and goods ids. */
export const PublicationRecordSchema = z.extend(PublicationCardSchema, {
  sections: z.array(TextSectionSchema),
  goodsIds: z.array(IdSchema),
})
export type PublicationRecord = z.infer<typeof PublicationRecordSchema>

/** A shopper: the profile, consents, subscription and loyalty binding. */
export const UserRecordSchema = z.extend(ProfileSchema, {
  permissions: PermissionsSchema,
  subscription: SubscriptionStateSchema,
  keeperId: z.string(),
  loyaltyCardNumber: z.string(),
  /** Points on the card (`/v1/keeperid/bunch`'s `loyaltyPoints`); absent: the answer leaves them out. */
  loyaltyPoints: z.optional(z.int().check(z.nonnegative())),
  createdAt: TimestampSchema,
})
export type UserRecord = z.infer<typeof UserRecordSchema>

/** A shopper's cart together with the checkout draft. */
export const CartRecordSchema = z.object({
  userId: z.string(),
  lines: z.array(z.object({ goodsId: IdSchema, quantity: z.int().check(z.positive()) })),
  version: z.int().check(z.nonnegative()),
  deliveryType: DeliveryTypeSchema,
  storeCode: z.nullable(z.string()),
  paymentMethodId: z.nullable(z.string()),
})
export type CartRecord = z.infer<typeof CartRecordSchema>

/** An order with its owner and the idempotency key it was placed with. */
export const OrderRecordSchema = z.extend(OrderSchema, {
  userId: z.string(),
  idempotencyKey: z.nullable(z.string()),
})
export type OrderRecord = z.infer<typeof OrderRecordSchema>

/** A saved payment method with its owner. */
export const PaymentMethodRecordSchema = z.object({
  userId: z.string(),
  createdAt: TimestampSchema,
  method: PaymentMethodSchema,
})

/** A review with its author's user id (null for seeded authors). */
export const ReviewRecordSchema = z.extend(ReviewSchema, { userId: z.nullable(z.string()) })
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>

/** A shopper's favorite goods, newest first. */
export const FavoritesRecordSchema = z.object({ userId: z.string(), goodsIds: z.array(IdSchema) })

/** Accepted feedback, to refuse a second one on the same object or poll. */
export const FeedbackRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  pollId: z.nullable(IdSchema),
  createdAt: TimestampSchema,
})
