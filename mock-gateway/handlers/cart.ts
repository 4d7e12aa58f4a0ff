/** The signed-in shopper's cart: every call answers the whole cart; quantities are capped at stock. */
import type { HttpHandler } from 'msw'
import { addCartItem, clearCart, getCart, removeCartItem, setCartItemQuantity } from '#shared/gateway/cart.ts'
import { CART_LINE_LIMIT } from '#shared/models/cart.ts'
import { cartOf, changeCart } from '../domain/cart.ts'
import { gatewayError, notFound } from '../http/gateway-error.ts'
import { mockEndpoint } from '../http/mock-endpoint.ts'
import { cartView, findGoods } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Handlers of `/v1/cart*`. */
export function cartHandlers(state: MockState): HttpHandler[] {
  const outOfStock = (goodsId: number) =>
    gatewayError(409, 'outOfStock', 'Товара нет в наличии', { goodsIds: [goodsId] })
  return [
    mockEndpoint(state, getCart, async ({ userId }) => cartView(state, await cartOf(state, userId))),

    mockEndpoint(state, addCartItem, async ({ userId, body }) => {
      const goods = findGoods(state, body.goodsId)
      if (!goods) return notFound('Товар не найден')
      if (goods.stock === 0) return outOfStock(goods.id)
      const cap = Math.min(goods.stock, CART_LINE_LIMIT)
      const cart = await changeCart(state, userId, (draft) => {
        const line = draft.lines.find((l) => l.goodsId === goods.id)
        if (line) line.quantity = Math.min(cap, line.quantity + body.quantity)
        else draft.lines.push({ goodsId: goods.id, quantity: Math.min(cap, body.quantity) })
      })
      return cartView(state, cart)
    }),

    mockEndpoint(state, setCartItemQuantity, async ({ userId, params, body }) => {
      const cart = await cartOf(state, userId)
      if (!cart.lines.some((l) => l.goodsId === params.goodsId)) return notFound('Товара нет в корзине')
      const goods = findGoods(state, params.goodsId)
      if (!goods || goods.stock === 0) return outOfStock(params.goodsId)
      const changed = await changeCart(state, userId, (draft) => {
        const line = draft.lines.find((l) => l.goodsId === params.goodsId)
        if (line) line.quantity = Math.min(goods.stock, CART_LINE_LIMIT, body.quantity)
      })
      return cartView(state, changed)
    }),

    mockEndpoint(state, removeCartItem, async ({ userId, params }) => {
      const cart = await cartOf(state, userId)
      if (!cart.lines.some((l) => l.goodsId === params.goodsId)) return cartView(state, cart)
      return cartView(
        state,
        await changeCart(state, userId, (draft) => {
          draft.lines = draft.lines.filter((l) => l.goodsId !== params.goodsId)
        }),
      )
    }),

    mockEndpoint(state, clearCart, async ({ userId }) => {
      const cart = await cartOf(state, userId)
      if (cart.lines.length === 0) return cartView(state, cart)
      return cartView(
        state,
        await changeCart(state, userId, (draft) => {
          draft.lines = []
        }),
      )
    }),
  ]
}
