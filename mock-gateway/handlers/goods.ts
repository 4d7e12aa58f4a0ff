/** Goods: one product (or its redirect), the search listing and the filter panel. */
import type { HttpHandler } from 'msw'
import { getGoods, getGoodsFilters, getGoodsStock, searchGoods } from '#shared/gateway/goods.ts'
import { GOODS_LABELS, GOODS_PAGE_SIZE_DEFAULT, GOODS_SORTS } from '#shared/models/goods.ts'
import { categoryScope, findGoodsFor, stockInStore } from '../domain/catalog.ts'
import { BROKEN_CATEGORY_ID } from '../seed/goods.ts'
import { gatewayError, notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { findGoods, goodsBody, goodsCard, paginate } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** 422 for every call about category 999 (DESIGN.md section 2). */
export const brokenCategory = (): Response => gatewayError(422, 'unprocessableEntity', 'Категория недоступна')

/** Handlers of `/v2/goods/*` and `/v1/goods/filters`. */
export function goodsHandlers(state: MockState): HttpHandler[] {
  return [
    // The static search path goes before `/v2/goods/:id`, which would otherwise take it.
    mockEndpoint(
      state,
      searchGoods,
      ({ query }) => {
        let scope: Set<number> | undefined
        if (query.categoryId !== undefined) {
          if (query.categoryId === BROKEN_CATEGORY_ID) return brokenCategory()
          const found = categoryScope(state, query.categoryId)
          if (!found) return notFound('Категория не найдена')
          scope = found.ids
        }
        let store
        if (query.storeCode) {
          store = state.db.stores.findFirst((q) => q.where({ code: query.storeCode as string }))
          if (!store) return notFound('Магазин не найден')
        }
        const goods = findGoodsFor(state, query, scope, store)
        return paginate(goods.map(goodsCard), query.page, query.pageSize ?? GOODS_PAGE_SIZE_DEFAULT)
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      getGoods,
      ({ params }) => {
        const redirect = state.redirects.get(params.id)
        if (redirect) return { redirect }
        const goods = findGoods(state, params.id)
        return goods ? goodsBody(goods) : notFound('Товар не найден')
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      getGoodsStock,
      ({ params, query }) => {
        const goods = findGoods(state, params.id)
        if (!goods) return notFound('Товар не найден')
        const items = [...new Set(query.storeCode)].flatMap((code) => {
          const store = state.db.stores.findFirst((q) => q.where({ code }))
          return store ? [{ storeCode: store.code, quantity: stockInStore(goods, store) }] : []
        })
        return { goodsId: goods.id, items }
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      getGoodsFilters,
      ({ query }) => {
        let scope: Set<number> | undefined
        if (query.categoryId !== undefined) {
          if (query.categoryId === BROKEN_CATEGORY_ID) return brokenCategory()
          const found = categoryScope(state, query.categoryId)
          if (!found) return notFound('Категория не найдена')
          scope = found.ids
        }
        const goods = findGoodsFor(state, {}, scope)
        const brands = new Map<number, { id: number; name: string; slug: string; count: number }>()
        for (const item of goods) {
          const entry = brands.get(item.brand.id) ?? { ...item.brand, count: 0 }
          entry.count++
          brands.set(item.brand.id, entry)
        }
        const prices = goods.map((item) => item.price)
        return {
          categoryId: query.categoryId ?? null,
          brands: [...brands.values()].sort((a, b) => a.name.localeCompare(b.name, 'ru')),
          price: { min: prices.length ? Math.min(...prices) : 0, max: prices.length ? Math.max(...prices) : 0 },
          labels: GOODS_LABELS.map((label) => ({
            label,
            count: goods.filter((item) => item.labels.includes(label)).length,
          })).filter((entry) => entry.count > 0),
          inStockCount: goods.filter((item) => item.inStock).length,
          discountedCount: goods.filter((item) => item.oldPrice !== undefined).length,
          sorts: [...GOODS_SORTS],
        }
      },
      CACHEABLE,
    ),
  ]
}
