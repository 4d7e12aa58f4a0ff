/** Reviews and scores of goods. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  ObjectParamsSchema,
  ObjectReviewsQuerySchema,
  ReviewMediaPageSchema,
  ReviewMediaQuerySchema,
  ReviewsPageSchema,
  ScoresSchema,
  UserReviewInfoQuerySchema,
  UserReviewInfoSchema,
} from '../models/reviews.ts'

/** The rating average, count and star distribution of goods. */
export const getScores = defineEndpoint({
  name: 'reviews.scores',
  gateway: 'web',
  method: 'GET',
  path: '/v1/object/:id/scores',
  auth: false,
  params: ObjectParamsSchema,
  response: ScoresSchema,
})

/** Review photos of goods, for the carousel. */
export const listReviewMedia = defineEndpoint({
  name: 'reviews.media',
  gateway: 'web',
  method: 'GET',
  path: '/v1/listing/reviews-carousel-media',
  auth: false,
  query: ReviewMediaQuerySchema,
  response: ReviewMediaPageSchema,
})

/** Published reviews of goods, sorted and paged. */
export const listReviews = defineEndpoint({
  name: 'reviews.list',
  gateway: 'web',
  method: 'GET',
  path: '/v1/listing/object-reviews',
  auth: false,
  query: ObjectReviewsQuerySchema,
  response: ReviewsPageSchema,
})

/** The signed-in shopper's own review of goods and whether they may write one. */
export const getUserReviewInfo = defineEndpoint({
  name: 'reviews.userInfo',
  gateway: 'web',
  method: 'GET',
  path: '/v1/listing/user-reviews-and-object-info',
  auth: true,
  query: UserReviewInfoQuerySchema,
  response: UserReviewInfoSchema,
})
