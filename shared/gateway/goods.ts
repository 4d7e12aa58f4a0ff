/** Goods: one product, the search listing and the filters. */
import * as z from 'zod/mini'
import { defineEndpoint } from '../api/endpoint.ts'
import { IdParamSchema } from '../models/common.ts'
import {
  GoodsAnswerSchema,
  GoodsFiltersSchema,
  GoodsPageSchema,
  GoodsSearchQuerySchema,
  GoodsStockQuerySchema,
  GoodsStockSchema,
} from '../models/goods.ts'

/** One product, or a redirect when it moved (check with `isRedirect`); 404 `notFound` for an unknown id. */
export const getGoods = defineEndpoint({
  name: 'goods.get',
  gateway: 'web',
  method: 'GET',
  path: '/v2/goods/:id',
  auth: false,
  params: z.object({ id: IdParamSchema }),
  response: GoodsAnswerSchema,
})

/** Goods by text, category and filters, sorted and paged (24 per page by default); category 999 answers 422. */
export const searchGoods = defineEndpoint({
  name: 'goods.search',
  gateway: 'web',
  method: 'GET',
  path: '/v2/goods/search',
  auth: false,
  query: GoodsSearchQuerySchema,
  response: GoodsPageSchema,
})

/** What the filter panel offers for a category (or the whole catalogue). */
export const getGoodsFilters = defineEndpoint({
  name: 'goods.filters',
  gateway: 'web',
  method: 'GET',
  path: '/v1/goods/filters',
  auth: false,
  query: z.object({ categoryId: z.optional(IdParamSchema) }),
  response: GoodsFiltersSchema,
})

/**
 * Units of one goods in each of a page of stores (where to buy it today): one call instead of one
 * `/v2/goods/search?storeCode=&id=` per store. The spec names no such call; this storefront defines it
 * and the mock emulates it. 404 for unknown goods.
 */
export const getGoodsStock = defineEndpoint({
  name: 'goods.stock',
  gateway: 'web',
  method: 'GET',
  path: '/v2/goods/:id/stock',
  auth: false,
  params: z.object({ id: IdParamSchema }),
  query: GoodsStockQuerySchema,
  response: GoodsStockSchema,
})
