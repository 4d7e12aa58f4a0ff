/** Queries of one product. */
import { getGoods } from '../gateway/goods.ts'
import { defineQuery } from '../routing/query.ts'

/** One product, or the redirect the gateway answers for goods that moved. */
export const goodsQuery = defineQuery('goods.get', (api, [id]: [number], signal) => api.call(getGoods, { params: { id }, signal }))
