/** The catalogue: the category tree, promo tiles and branded categories. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  BrandedCategoriesSchema,
  CategoryTreeQuerySchema,
  CategoryTreeSchema,
  PromoTilesSchema,
} from '../models/catalog.ts'

/** The category tree with goods counts, for one store when `storeCode` is given. */
export const getStoreCategories = defineEndpoint({
  name: 'categories.store',
  gateway: 'web',
  method: 'GET',
  path: '/v3/categories/store',
  auth: false,
  query: CategoryTreeQuerySchema,
  response: CategoryTreeSchema,
})

/** Tiles of discounted selections at the top of the catalogue. */
export const getPromosAndDiscounts = defineEndpoint({
  name: 'catalog.promosAndDiscounts',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cosmetic-{product}/catalog/promos-and-discounts',
  auth: false,
  response: PromoTilesSchema,
})

/** Brands with the categories they sell in. */
export const getBrandedCategories = defineEndpoint({
  name: 'catalog.brandedCategories',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cosmetic-{product}/catalog/branded-goods-categories',
  auth: false,
  response: BrandedCategoriesSchema,
})
