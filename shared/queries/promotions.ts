/** Queries of the promotions catalogue and promo banners. */
import { getPromoBanners, getPromotion, getPromotionCategories, getPromotionTypes, listPromotions } from '../gateway/promotions.ts'
import type { BannerPlacement, PromotionType } from '../models/promotions.ts'
import { defineQuery } from '../routing/query.ts'

/** Promotions per page of the promotions catalogue. */
export const PROMOTIONS_PAGE_SIZE = 24

/** The promotion categories with counts. */
export const promotionCategoriesQuery = defineQuery('promotions.categories', (api, _args: [], signal) => api.call(getPromotionCategories, { signal }))

/** One page of active promotions, optionally of one category. */
export const promotionsQuery = defineQuery('promotions.list', (api, [categoryId, page]: [number | undefined, number], signal) =>
  api.call(listPromotions, { query: { ...(categoryId === undefined ? {} : { categoryId }), page, pageSize: PROMOTIONS_PAGE_SIZE }, signal }),
)

/** One page of active promotions of one kind (the type filter of the promotions catalogue). */
export const typedPromotionsQuery = defineQuery('promotions.list.type', (api, [type, page]: [PromotionType, number], signal) =>
  api.call(listPromotions, { query: { type, page, pageSize: PROMOTIONS_PAGE_SIZE }, signal }),
)

/** Promotion kinds with their names and counts (`/v1/promotions/type`); optional: the filter hides without it. */
export const promotionTypesQuery = defineQuery('promotions.types', (api, _args: [], signal) => api.call(getPromotionTypes, { signal }), { optional: true })

/** One promotion (the promo product page). */
export const promotionQuery = defineQuery('promotions.item', (api, [id]: [number], signal) => api.call(getPromotion, { query: { id }, signal }))

/** Promo banners of one placement (main slider, bottom slider, loyalty, registration, search). */
export const bannersQuery = defineQuery('promos.mp', (api, [placement]: [BannerPlacement], signal) => api.call(getPromoBanners, { query: { placement }, signal }))
