/** The promotions catalogue and promo banners. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  BannersQuerySchema,
  BannersSchema,
  PromotionCategoriesSchema,
  PromotionItemQuerySchema,
  PromotionSchema,
  PromotionsPageSchema,
  PromotionsQuerySchema,
  PromotionTypesSchema,
} from '../models/promotions.ts'

/** Promotion categories with counts. */
export const getPromotionCategories = defineEndpoint({
  name: 'promotions.categories',
  gateway: 'web',
  method: 'GET',
  path: '/v2/promotions/categories',
  auth: false,
  response: PromotionCategoriesSchema,
})

/** Active promotions, paged, optionally of one category or type. */
export const listPromotions = defineEndpoint({
  name: 'promotions.list',
  gateway: 'web',
  method: 'GET',
  path: '/v1/promotions',
  auth: false,
  query: PromotionsQuerySchema,
  response: PromotionsPageSchema,
})

/** One promotion (a promo product page). */
export const getPromotion = defineEndpoint({
  name: 'promotions.item',
  gateway: 'web',
  method: 'GET',
  path: '/v2/promotions/item',
  auth: false,
  query: PromotionItemQuerySchema,
  response: PromotionSchema,
})

/** Promotion kinds with names and counts. */
export const getPromotionTypes = defineEndpoint({
  name: 'promotions.types',
  gateway: 'web',
  method: 'GET',
  path: '/v1/promotions/type',
  auth: false,
  response: PromotionTypesSchema,
})

/** Promo banners of the main page and search. */
export const getPromoBanners = defineEndpoint({
  name: 'promos.mp',
  gateway: 'web',
  method: 'GET',
  path: '/v1/promos/mp',
  auth: false,
  query: BannersQuerySchema,
  response: BannersSchema,
})
