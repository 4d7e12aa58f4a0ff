/** Queries of the promotions catalogue and promo banners. */
import type { BannerPlacement, PromotionType } from '../models/promotions.ts'
import { AppError } from '../api/errors.ts'
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/promotions.ts')

/** Promotions per page of the promotions catalogue. */
export const PROMOTIONS_PAGE_SIZE = 24

/** The promotion categories with counts. */
export const promotionCategoriesQuery = defineQuery('promotions.categories', async (api, _args: [], signal) =>
  api.call((await gateway()).getPromotionCategories, { signal }),
)

/**
 * Whether a promotions category exists, from the categories list the page loads anyway: an id the
 * list lacks is not found (404), as an unknown catalogue category is, not an empty page of 200.
 */
export const promotionCategoryQuery = defineQuery(
  'promotions.category',
  async (_api, [id]: [number], _signal, load) => {
    const category = (await load(promotionCategoriesQuery())).items.find((item) => item.id === id)
    if (!category) throw new AppError('not_found', `promotion category ${id} is not in the list`)
    return { id: category.id, slug: category.slug }
  },
)

/**
 * One page of active promotions, optionally of one category. A category the list lacks has none: null,
 * which the server's query store does not keep, so invented category URLs add no entries.
 */
export const promotionsQuery = defineQuery(
  'promotions.list',
  async (api, [categoryId, page]: [number | undefined, number], signal, load) => {
    if (categoryId !== undefined) {
      const { items } = await load(promotionCategoriesQuery())
      if (!items.some((item) => item.id === categoryId)) return null
    }
    return api.call((await gateway()).listPromotions, {
      query: { ...(categoryId === undefined ? {} : { categoryId }), page, pageSize: PROMOTIONS_PAGE_SIZE },
      signal,
    })
  },
)

/** One page of active promotions of one kind (the type filter of the promotions catalogue). */
export const typedPromotionsQuery = defineQuery(
  'promotions.list.type',
  async (api, [type, page]: [PromotionType, number], signal) =>
    api.call((await gateway()).listPromotions, { query: { type, page, pageSize: PROMOTIONS_PAGE_SIZE }, signal }),
)

/** Promotion kinds with their names and counts (`/v1/promotions/type`); optional: the filter hides without it. */
export const promotionTypesQuery = defineQuery(
  'promotions.types',
  async (api, _args: [], signal) => api.call((await gateway()).getPromotionTypes, { signal }),
  { optional: true },
)

/** One promotion (the promo product page). */
export const promotionQuery = defineQuery('promotions.item', async (api, [id]: [number], signal) =>
  api.call((await gateway()).getPromotion, { query: { id }, signal }),
)

/** Promo banners of one placement (main slider, bottom slider, loyalty, registration, search). */
export const bannersQuery = defineQuery('promos.mp', async (api, [placement]: [BannerPlacement], signal) =>
  api.call((await gateway()).getPromoBanners, { query: { placement }, signal }),
)
