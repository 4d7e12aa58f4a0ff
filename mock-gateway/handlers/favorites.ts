/** Favorite goods of the signed-in shopper. */
import type { HttpHandler } from 'msw'
import { addFavorite, deleteFavorite, listFavorites } from '#shared/gateway/favorites.ts'
import { notFound } from '../http/gateway-error.ts'
import { mockEndpoint } from '../http/mock-endpoint.ts'
import { findGoods } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Handlers of `/api/v1/goods/*`. */
export function favoritesHandlers(state: MockState): HttpHandler[] {
  const idsOf = (userId: string) => state.db.favorites.findFirst((q) => q.where({ userId }))?.goodsIds ?? []
  const save = async (userId: string, goodsIds: number[]) => {
    const updated = await state.db.favorites.update((q) => q.where({ userId }), {
      data(draft) {
        draft.goodsIds = goodsIds
      },
    })
    if (!updated) await state.db.favorites.create({ userId, goodsIds })
    return { goodsIds }
  }
  return [
    mockEndpoint(state, listFavorites, ({ userId }) => ({ goodsIds: idsOf(userId) })),
    mockEndpoint(state, addFavorite, ({ userId, body }) => {
      if (!findGoods(state, body.goodsId)) return notFound('Товар не найден')
      return save(userId, [body.goodsId, ...idsOf(userId).filter((id) => id !== body.goodsId)])
    }),
    mockEndpoint(state, deleteFavorite, ({ userId, body }) =>
      save(
        userId,
        idsOf(userId).filter((id) => id !== body.goodsId),
      ),
    ),
  ]
}
