/** Queries of the promotions catalogue and promo banners. */
import type { BannerPlacement } from '../models/promotions.ts'
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/promotions.ts')

/** Promotions per page of the promotions catalogue. */
export const PROMOTIONS_PAGE_SIZE = 24

/** The promotion categories with counts. */
export const promotionCategoriesQuery = defineQuery('promotions.categories', async (api, _args: [], signal) => api.call((await gateway()).getPromotionCategories, { signal }))

/** One page of active promotions, optionally of one category. */
export const promotionsQuery = defineQuery('promotions.list', async (api, [categoryId, page]: [number | undefined, number], signal) =>
  api.call((await gateway()).listPromotions, { query: { ...(categoryId === undefined ? {} : { categoryId }), page, pageSize: PROMOTIONS_PAGE_SIZE }, signal }),
)

/** One promotion (the promo product page). */
export const promotionQuery = defineQuery('promotions.item', async (api, [id]: [number], signal) => api.call((await gateway()).getPromotion, { query: { id }, signal }))

/** Promo banners of one placement (main slider, bottom slider, loyalty, registration, search). */
export const bannersQuery = defineQuery('promos.mp', async (api, [placement]: [BannerPlacement], signal) => api.call((await gateway()).getPromoBanners, { query: { placement }, signal }))
