/**
 * Plain values of the models that code outside the API path needs at once (URL parsers, form limits,
 * answer guards). They live apart from the schema modules, which re-export them: importing a schema
 * module runs its zod calls, and the browser loads zod with its first gateway call only (decision 007).
 */

/** Sort orders of goods lists. */
export const GOODS_SORTS = ['popular', 'price-asc', 'price-desc', 'discount', 'new', 'rating'] as const

/** Whether a goods answer is a redirect rather than goods. */
export const isRedirect = <A extends object>(answer: A): answer is Extract<A, { redirect: unknown }> =>
  'redirect' in answer

/** Kinds of promotion. */
export const PROMOTION_TYPES = ['discount', 'gift', 'bundle', 'cashback', 'loyalty'] as const

/** Image types a review photo may have. */
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** At most this many photos per review (the body stays under the proxy's 1 MiB limit). */
export const REVIEW_PHOTOS_MAX = 3
/** Longest base64 text of one photo (about 220 KB of image); the browser scales photos down to fit. */
export const REVIEW_PHOTO_BASE64_MAX = 300_000

/**
 * Order statuses in their order. `cancelled` may follow any of the first three (the shopper cancels),
 * and `ready` of a pickup order the shopper did not collect while the store kept it.
 */
export const ORDER_STATUSES = ['created', 'paid', 'assembling', 'ready', 'completed', 'cancelled'] as const
type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Statuses in which an order may still be cancelled. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['created', 'paid', 'assembling']
/** Statuses of an order still in progress. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ['created', 'paid', 'assembling', 'ready']
