/** Queries of one product. */
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/goods.ts')

/** One product, or the redirect the gateway answers for goods that moved. */
export const goodsQuery = defineQuery('goods.get', async (api, [id]: [number], signal) =>
  api.call((await gateway()).getGoods, { params: { id }, signal }),
)
