/** Today's cards of goods the device remembers («Вы смотрели»). */
import { PAGE_SIZE_MAX } from '../models/common.ts'
import { defineQuery } from '../routing/query.ts'
import { toCardShape, type GoodsCardShape } from './views.ts'

/**
 * The current cards of these goods, in one `/v2/goods/search?id=…` (the spec's call, repeated `id` keys);
 * goods the gateway no longer answers for are left out of the answer.
 */
export const currentCardsQuery = defineQuery(
  'goods.byIds',
  async (api, [ids]: [readonly number[]], signal): Promise<GoodsCardShape[]> => {
    const { searchGoods } = await import('../gateway/goods.ts')
    const wanted = ids.slice(0, PAGE_SIZE_MAX)
    const page = await api.call(searchGoods, { query: { id: [...wanted], pageSize: wanted.length }, signal })
    return page.items.map(toCardShape)
  },
)
