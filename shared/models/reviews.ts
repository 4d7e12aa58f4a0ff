/** Goods reviews and scores (`/v1/object/:id/scores`, `/v1/listing/*`). */
import * as z from 'zod/mini'
import {
  IdParamSchema,
  IdSchema,
  ImageSchema,
  TimestampSchema,
  pageOf,
  queryBool,
  queryInt,
  PAGE_SIZE_MAX,
} from './common.ts'

/** A star rating, 1 to 5. */
export const RatingSchema = z.int().check(z.minimum(1), z.maximum(5))

/** A review of goods. */
export const ReviewSchema = z.object({
  id: IdSchema,
  objectId: IdSchema,
  authorName: z.string(),
  createdAt: TimestampSchema,
  rating: RatingSchema,
  text: z.string(),
  pros: z.nullable(z.string()),
  cons: z.nullable(z.string()),
  photos: z.array(ImageSchema),
  /** `published`, or `moderation` for the author's own fresh review. */
  status: z.enum(['published', 'moderation']),
})
export type Review = z.infer<typeof ReviewSchema>

/** `GET /v1/object/:id/scores`: the average, the count and the count of each star. */
export const ScoresSchema = z.object({
  objectId: IdSchema,
  average: z.number().check(z.minimum(0), z.maximum(5)),
  count: z.int().check(z.nonnegative()),
  distribution: z.array(z.object({ rating: RatingSchema, count: z.int().check(z.nonnegative()) })),
})
export type Scores = z.infer<typeof ScoresSchema>

/** Sort orders of reviews. */
export const REVIEW_SORTS = ['new', 'rating-desc', 'rating-asc'] as const

/** `GET /v1/listing/object-reviews?objectId=`: published reviews, paged. */
export const ObjectReviewsQuerySchema = z.object({
  objectId: IdParamSchema,
  sort: z.optional(z.enum(REVIEW_SORTS)),
  withPhotos: z.optional(queryBool()),
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** A page of reviews. */
export const ReviewsPageSchema = pageOf(ReviewSchema)
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>

/** `GET /v1/listing/reviews-carousel-media?objectId=`: review photos of goods, newest first. */
export const ReviewMediaQuerySchema = z.object({
  objectId: IdParamSchema,
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** One photo of the carousel, with the review it belongs to. */
export const ReviewMediaSchema = z.object({
  reviewId: IdSchema,
  image: ImageSchema,
  rating: RatingSchema,
  authorName: z.string(),
})

/** A page of review photos. */
export const ReviewMediaPageSchema = pageOf(ReviewMediaSchema)

/** `GET /v1/listing/user-reviews-and-object-info?objectId=`: the signed-in shopper's own review state for goods. */
export const UserReviewInfoQuerySchema = z.object({ objectId: IdParamSchema })

/** The goods, the shopper's review of it (if any), and whether they may write one. */
export const UserReviewInfoSchema = z.object({
  object: z.object({
    id: IdSchema,
    name: z.string(),
    image: z.nullable(ImageSchema),
    rating: z.number(),
    reviewsCount: z.int(),
  }),
  userReview: z.nullable(ReviewSchema),
  canReview: z.boolean(),
})

/** Path params of `/v1/object/:id/scores`. */
export const ObjectParamsSchema = z.object({ id: IdParamSchema })
