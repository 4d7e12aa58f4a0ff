/** Queries of the home page blocks (spec section 1); the home page marks each one optional. */
import { defineQuery } from '../routing/query.ts'
import { toGoodsBlockShape } from './views.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/main-page.ts')

/** Advertising slots. */
export const adSlotsQuery = defineQuery('mainPage.adfox', async (api, _args: [], signal) =>
  api.call((await gateway()).getAdSlots, { signal }),
)
/** The ticker. */
export const tickerQuery = defineQuery('mainPage.ticker', async (api, _args: [], signal) =>
  api.call((await gateway()).getTicker, { signal }),
)
/** The brands block. */
export const mainBrandsQuery = defineQuery('mainPage.brands', async (api, _args: [], signal) =>
  api.call((await gateway()).getMainBrands, { signal }),
)
/** Gift sets. */
export const giftPackagesQuery = defineQuery('mainPage.giftPackages', async (api, _args: [], signal) =>
  toGoodsBlockShape(await api.call((await gateway()).getGiftPackages, { signal })),
)
/** Category tiles (the catalogue block). */
export const mainCategoriesQuery = defineQuery('mainPage.categories', async (api, _args: [], signal) =>
  api.call((await gateway()).getMainCategories, { signal }),
)
/** Specials. */
export const specialOffersQuery = defineQuery('mainPage.specialOffers', async (api, _args: [], signal) =>
  toGoodsBlockShape(await api.call((await gateway()).getSpecialOffers, { signal })),
)
/** Exclusive offers. */
export const exclusiveQuery = defineQuery('mainPage.exclusiveWithUs', async (api, _args: [], signal) =>
  toGoodsBlockShape(await api.call((await gateway()).getExclusiveWithUs, { signal })),
)
/** New products. */
export const newArrivalQuery = defineQuery('mainPage.newArrival', async (api, _args: [], signal) =>
  toGoodsBlockShape(await api.call((await gateway()).getNewArrival, { signal })),
)
/** Useful articles. */
export const mainArticlesQuery = defineQuery('mainPage.articles', async (api, _args: [], signal) =>
  api.call((await gateway()).getMainArticles, { signal }),
)
/** The popular block: publications. */
export const publicationsQuery = defineQuery('mainPage.publications', async (api, _args: [], signal) =>
  api.call((await gateway()).getPublications, { signal }),
)
