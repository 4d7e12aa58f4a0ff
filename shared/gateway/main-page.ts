/** Home page blocks under `/v1/cosmetic-{product}/main-page/`. */
import * as z from 'zod/mini'
import { defineEndpoint } from '../api/endpoint.ts'
import { IdParamSchema } from '../models/common.ts'
import {
  AdSlotsSchema,
  ArticlesBlockSchema,
  BrandsBlockSchema,
  CategoryTilesSchema,
  GoodsBlockSchema,
  PublicationSchema,
  PublicationsBlockSchema,
  TickerSchema,
} from '../models/main-page.ts'

const base = '/v1/cosmetic-{product}/main-page'

/** Advertising slots. */
export const getAdSlots = defineEndpoint({
  name: 'mainPage.adfox',
  gateway: 'web',
  method: 'GET',
  path: `${base}/adfox`,
  auth: false,
  response: AdSlotsSchema,
})

/** The running line of short news. */
export const getTicker = defineEndpoint({
  name: 'mainPage.ticker',
  gateway: 'web',
  method: 'GET',
  path: `${base}/ticker`,
  auth: false,
  response: TickerSchema,
})

/** The brands block. */
export const getMainBrands = defineEndpoint({
  name: 'mainPage.brands',
  gateway: 'web',
  method: 'GET',
  path: `${base}/brands`,
  auth: false,
  response: BrandsBlockSchema,
})

/** Gift sets. */
export const getGiftPackages = defineEndpoint({
  name: 'mainPage.giftPackages',
  gateway: 'web',
  method: 'GET',
  path: `${base}/gift-packages`,
  auth: false,
  response: GoodsBlockSchema,
})

/** Category tiles (the "catalogue" block). */
export const getMainCategories = defineEndpoint({
  name: 'mainPage.categories',
  gateway: 'web',
  method: 'GET',
  path: `${base}/categories`,
  auth: false,
  response: CategoryTilesSchema,
})

/** Specials: the biggest discounts. */
export const getSpecialOffers = defineEndpoint({
  name: 'mainPage.specialOffers',
  gateway: 'web',
  method: 'GET',
  path: `${base}/special-offers`,
  auth: false,
  response: GoodsBlockSchema,
})

/** Exclusive offers: goods sold only here. */
export const getExclusiveWithUs = defineEndpoint({
  name: 'mainPage.exclusiveWithUs',
  gateway: 'web',
  method: 'GET',
  path: `${base}/exclusive-with-us`,
  auth: false,
  response: GoodsBlockSchema,
})

/** New products. */
export const getNewArrival = defineEndpoint({
  name: 'mainPage.newArrival',
  gateway: 'web',
  method: 'GET',
  path: `${base}/new-arrival`,
  auth: false,
  response: GoodsBlockSchema,
})

/** Useful articles. */
export const getMainArticles = defineEndpoint({
  name: 'mainPage.articles',
  gateway: 'web',
  method: 'GET',
  path: `${base}/articles`,
  auth: false,
  response: ArticlesBlockSchema,
})

/** The "popular" block: curated publications. */
export const getPublications = defineEndpoint({
  name: 'mainPage.publications',
  gateway: 'web',
  method: 'GET',
  path: `${base}/publications`,
  auth: false,
  response: PublicationsBlockSchema,
})

/** One publication, for `/popular/{id}-{slug}`. */
export const getPublication = defineEndpoint({
  name: 'mainPage.publication',
  gateway: 'web',
  method: 'GET',
  path: `${base}/publications/:id`,
  auth: false,
  params: z.object({ id: IdParamSchema }),
  response: PublicationSchema,
})
