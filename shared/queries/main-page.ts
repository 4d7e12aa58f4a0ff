/** Queries of the home page blocks (spec section 1); the home page marks each one optional. */
import {
  getAdSlots, getExclusiveWithUs, getGiftPackages, getMainArticles, getMainBrands, getMainCategories, getNewArrival,
  getPublications, getSpecialOffers, getTicker,
} from '../gateway/main-page.ts'
import { defineQuery } from '../routing/query.ts'
import { toGoodsBlockView } from './views.ts'

/** Advertising slots. */
export const adSlotsQuery = defineQuery('mainPage.adfox', (api, _args: [], signal) => api.call(getAdSlots, { signal }))
/** The ticker. */
export const tickerQuery = defineQuery('mainPage.ticker', (api, _args: [], signal) => api.call(getTicker, { signal }))
/** The brands block. */
export const mainBrandsQuery = defineQuery('mainPage.brands', (api, _args: [], signal) => api.call(getMainBrands, { signal }))
/** Gift sets. */
export const giftPackagesQuery = defineQuery('mainPage.giftPackages', async (api, _args: [], signal) => toGoodsBlockView(await api.call(getGiftPackages, { signal })))
/** Category tiles (the catalogue block). */
export const mainCategoriesQuery = defineQuery('mainPage.categories', (api, _args: [], signal) => api.call(getMainCategories, { signal }))
/** Specials. */
export const specialOffersQuery = defineQuery('mainPage.specialOffers', async (api, _args: [], signal) => toGoodsBlockView(await api.call(getSpecialOffers, { signal })))
/** Exclusive offers. */
export const exclusiveQuery = defineQuery('mainPage.exclusiveWithUs', async (api, _args: [], signal) => toGoodsBlockView(await api.call(getExclusiveWithUs, { signal })))
/** New products. */
export const newArrivalQuery = defineQuery('mainPage.newArrival', async (api, _args: [], signal) => toGoodsBlockView(await api.call(getNewArrival, { signal })))
/** Useful articles. */
export const mainArticlesQuery = defineQuery('mainPage.articles', (api, _args: [], signal) => api.call(getMainArticles, { signal }))
/** The popular block: publications. */
export const publicationsQuery = defineQuery('mainPage.publications', (api, _args: [], signal) => api.call(getPublications, { signal }))
