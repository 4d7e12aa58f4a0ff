/** Scores and the three review listings. */
import type { HttpHandler } from 'msw'
import { getScores, getUserReviewInfo, listReviewMedia, listReviews } from '#shared/gateway/reviews.ts'
import type { Review } from '#shared/models/reviews.ts'
import type { ReviewRecord } from '../db/schemas.ts'
import { notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { findGoods, paginate } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** The public shape of a review record. */
export const reviewView = ({ userId: _userId, ...review }: ReviewRecord): Review => review

const newestFirst = (a: ReviewRecord, b: ReviewRecord) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id

/** Handlers of `/v1/object/:id/scores` and `/v1/listing/*`. */
export function reviewHandlers(state: MockState): HttpHandler[] {
  const published = (objectId: number) => state.db.reviews.findMany((q) => q.where({ objectId, status: 'published' }))
  return [
    mockEndpoint(
      state,
      getScores,
      ({ params }) => {
        if (!findGoods(state, params.id)) return notFound('Товар не найден')
        const reviews = published(params.id)
        const sum = reviews.reduce((total, review) => total + review.rating, 0)
        return {
          objectId: params.id,
          average: reviews.length ? Math.round((sum / reviews.length) * 10) / 10 : 0,
          count: reviews.length,
          distribution: [5, 4, 3, 2, 1].map((rating) => ({
            rating,
            count: reviews.filter((review) => review.rating === rating).length,
          })),
        }
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      listReviewMedia,
      ({ query }) => {
        const media = published(query.objectId)
          .sort(newestFirst)
          .flatMap((review) =>
            review.photos.map((image) => ({
              reviewId: review.id,
              image,
              rating: review.rating,
              authorName: review.authorName,
            })),
          )
        return paginate(media, query.page, query.pageSize ?? 20)
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      listReviews,
      ({ query }) => {
        const sorters = {
          new: newestFirst,
          'rating-desc': (a: ReviewRecord, b: ReviewRecord) => b.rating - a.rating || newestFirst(a, b),
          'rating-asc': (a: ReviewRecord, b: ReviewRecord) => a.rating - b.rating || newestFirst(a, b),
        }
        const reviews = published(query.objectId)
          .filter((review) => !query.withPhotos || review.photos.length > 0)
          .sort(sorters[query.sort ?? 'new'])
        return paginate(reviews.map(reviewView), query.page, query.pageSize ?? 10)
      },
      CACHEABLE,
    ),

    mockEndpoint(state, getUserReviewInfo, ({ query, userId }) => {
      const goods = findGoods(state, query.objectId)
      if (!goods) return notFound('Товар не найден')
      const own = state.db.reviews.findFirst((q) => q.where({ objectId: query.objectId, userId }))
      return {
        object: {
          id: goods.id,
          name: goods.name,
          image: goods.images[0] ?? null,
          rating: goods.rating,
          reviewsCount: goods.reviewsCount,
        },
        userReview: own ? reviewView(own) : null,
        canReview: !own,
      }
    }),
  ]
}
