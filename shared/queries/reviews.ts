/** Queries of reviews and scores; the shopper's own review state is personal. */
import type { REVIEW_SORTS } from '../models/reviews.ts'
import { definePersonalQuery, defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/reviews.ts')

/** Reviews per page of the reviews tab. */
export const REVIEWS_PAGE_SIZE = 10

/** The average, count and star distribution of goods. */
export const scoresQuery = defineQuery('reviews.scores', async (api, [id]: [number], signal) =>
  api.call((await gateway()).getScores, { params: { id }, signal }),
)

/** Sort order of the review list. */
export type ReviewSort = (typeof REVIEW_SORTS)[number]

/**
 * One page of published reviews: newest first unless `sort` says otherwise, only those with photos
 * when `withPhotos`. The route loader passes neither, so its key is the default list's key.
 */
export const reviewsQuery = defineQuery(
  'reviews.list',
  async (api, [objectId, page, sort, withPhotos]: [number, number, ReviewSort?, boolean?], signal) =>
    api.call((await gateway()).listReviews, {
      query: {
        objectId,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
        sort: sort ?? 'new',
        ...(withPhotos ? { withPhotos: true } : {}),
      },
      signal,
    }),
)

/** Review photos for the media carousel. */
export const reviewMediaQuery = defineQuery('reviews.media', async (api, [objectId]: [number], signal) =>
  api.call((await gateway()).listReviewMedia, { query: { objectId, pageSize: 20 }, signal }),
)

/** The signed-in shopper's own review of goods (personal: fetched in the browser after hydration). */
export const userReviewInfoQuery = definePersonalQuery('reviews.userInfo', async (api, [objectId]: [number], signal) =>
  api.call((await gateway()).getUserReviewInfo, { query: { objectId }, signal }),
)
