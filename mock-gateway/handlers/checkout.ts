/** Checkout: the draft with its problems, delivery, payment, and placing the order (idempotent). */
import type { HttpHandler } from 'msw'
import {
  getCheckout,
  listDeliverySlots,
  placeOrder,
  setCheckoutDelivery,
  setCheckoutPayment,
} from '#shared/gateway/checkout.ts'
import type { Checkout, CheckoutProblem } from '#shared/models/checkout.ts'
import type { CartRecord } from '../db/schemas.ts'
import { CARD_BRAND_NAMES } from '../domain/cards.ts'
import { cartOf, changeCart } from '../domain/cart.ts'
import { deliverySlots } from '../domain/delivery.ts'
import { FREE_DELIVERY_FROM, courierPrice, createOrder, syncOrders, type NewOrder } from '../domain/orders.ts'
import { gatewayError, notFound, validationError } from '../http/gateway-error.ts'
import { mockEndpoint } from '../http/mock-endpoint.ts'
import { cartView, findGoods, money, orderView } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Handlers of `/v1/checkout*`. */
export function checkoutHandlers(state: MockState): HttpHandler[] {
  const storeOf = (code: string | null) => (code ? state.db.stores.findFirst((q) => q.where({ code })) : undefined)
  const methodOf = (userId: string, id: string | null) =>
    id ? state.db.paymentMethods.findFirst((q) => q.where({ userId, method: { id } }))?.method : undefined

  function view(userId: string, cart: CartRecord): Checkout {
    const priced = cartView(state, cart)
    const store = storeOf(cart.storeCode)
    const paymentMethod = methodOf(userId, cart.paymentMethodId) ?? null
    const problems: CheckoutProblem[] = []
    // Sold-out lines are set aside (CartTotalsSchema): the order is made of the rest.
    const orderable = priced.lines.filter((line) => (findGoods(state, line.goodsId)?.stock ?? 0) > 0)
    if (priced.lines.length === 0)
      problems.push({ kind: 'emptyCart', goodsId: null, available: null, message: 'Корзина пуста' })
    else if (orderable.length === 0)
      problems.push({ kind: 'outOfStock', goodsId: null, available: 0, message: 'Товаров из корзины нет в наличии' })
    for (const line of orderable) {
      const stock = findGoods(state, line.goodsId)?.stock ?? 0
      if (line.quantity > stock)
        problems.push({
          kind: 'notEnough',
          goodsId: line.goodsId,
          available: stock,
          message: `«${line.name}»: осталось ${stock} шт.`,
        })
    }
    if (cart.deliveryType === 'pickup' && !store)
      problems.push({ kind: 'noStore', goodsId: null, available: null, message: 'Выберите магазин для самовывоза' })
    if (cart.deliveryType === 'pickup' && store && !store.isPickupAvailable) {
      problems.push({
        kind: 'storeUnavailable',
        goodsId: null,
        available: null,
        message: 'Магазин временно не выдаёт заказы',
      })
    }
    if (!paymentMethod)
      problems.push({ kind: 'noPayment', goodsId: null, available: null, message: 'Выберите способ оплаты' })
    return {
      deliveryType: cart.deliveryType,
      store: store ?? null,
      paymentMethod,
      totals: priced.totals,
      deliveryPrice: cart.deliveryType === 'courier' ? courierPrice(priced.totals.total) : 0,
      courierPrice: courierPrice(priced.totals.total),
      freeDeliveryFrom: FREE_DELIVERY_FROM,
      cartVersion: cart.version,
      problems,
      canPlace: problems.length === 0,
    }
  }

  return [
    mockEndpoint(state, getCheckout, async ({ userId }) => view(userId, await cartOf(state, userId))),

    mockEndpoint(state, setCheckoutDelivery, async ({ userId, body }) => {
      if (body.deliveryType === 'pickup') {
        if (!body.storeCode) return validationError({ storeCode: 'Выберите магазин' })
        const store = storeOf(body.storeCode)
        if (!store) return notFound('Магазин не найден')
        if (!store.isPickupAvailable) return gatewayError(409, 'storeChanged', 'Магазин не выдаёт заказы')
      }
      const cart = await changeCart(
        state,
        userId,
        (draft) => {
          draft.deliveryType = body.deliveryType
          if (body.deliveryType === 'pickup') draft.storeCode = body.storeCode ?? null
        },
        false,
      )
      return view(userId, cart)
    }),

    mockEndpoint(state, listDeliverySlots, ({ query }) => {
      if (!state.db.cities.findFirst((q) => q.where({ fiasId: query.cityFiasId }))) return notFound('Город не найден')
      return { items: deliverySlots(state.clock.now(), state.fullSlots) }
    }),

    mockEndpoint(state, setCheckoutPayment, async ({ userId, body }) => {
      if (!methodOf(userId, body.paymentMethodId)) return notFound('Способ оплаты не найден')
      return view(
        userId,
        await changeCart(
          state,
          userId,
          (draft) => {
            draft.paymentMethodId = body.paymentMethodId
          },
          false,
        ),
      )
    }),

    mockEndpoint(state, placeOrder, async ({ userId, body }) => {
      const key = `${userId}:${body.idempotencyKey}`
      const previous = state.idempotency.get(key)
      if (previous) {
        const id = await previous
        await syncOrders(state, userId)
        const order = state.db.orders.findFirst((q) => q.where({ id }))
        if (order) return orderView(order)
      }
      const cart = state.db.carts.findFirst((q) => q.where({ userId }))
      if (!cart || cart.lines.length === 0) return gatewayError(409, 'emptyCart', 'Корзина пуста')
      if (body.cartVersion !== cart.version) {
        return gatewayError(409, 'cartChanged', 'Корзина изменилась, проверьте заказ', { cartVersion: cart.version })
      }
      // Sold-out lines are set aside and stay in the cart; a line with too few units left refuses the order.
      const goods = cart.lines
        .map((line) => ({ line, goods: findGoods(state, line.goodsId) }))
        .filter(({ goods: g }) => g && g.stock > 0)
      if (goods.length === 0) {
        const goodsIds = cart.lines.map((line) => line.goodsId)
        return gatewayError(409, 'outOfStock', 'Товаров из корзины нет в наличии', { goodsIds })
      }
      const short = goods.filter(({ line, goods: g }) => !g || g.stock < line.quantity).map(({ line }) => line.goodsId)
      if (short.length) return gatewayError(409, 'outOfStock', 'Некоторых товаров не хватает', { goodsIds: short })
      const store = storeOf(cart.storeCode)
      if (cart.deliveryType === 'pickup') {
        if (!store) return validationError({ storeCode: 'Выберите магазин' })
        if (!store.isPickupAvailable) return gatewayError(409, 'storeChanged', 'Магазин больше не выдаёт заказы')
      }
      let delivery: NewOrder['delivery'] = null
      if (cart.deliveryType === 'courier') {
        const courier = body.courier
        if (!courier) return validationError({ address: 'Укажите адрес доставки', slotId: 'Выберите время доставки' })
        const city = state.db.cities.findFirst((q) => q.where({ fiasId: courier.address.cityFiasId }))
        if (!city) return validationError({ cityFiasId: 'В этот город курьер не доставляет' })
        const slot = deliverySlots(state.clock.now(), state.fullSlots).find((item) => item.id === courier.slotId)
        if (!slot?.available) return gatewayError(409, 'slotUnavailable', 'Это время доставки уже недоступно')
        delivery = {
          address: { ...courier.address, city: city.name },
          slot: { id: slot.id, date: slot.date, from: slot.from, to: slot.to },
        }
      }
      const method = methodOf(userId, cart.paymentMethodId)
      if (!method) return validationError({ paymentMethodId: 'Выберите способ оплаты' })

      // Claim the key before the first await, so a concurrent retry waits for this order instead of placing another.
      let settle: (orderId: string) => void = () => {}
      state.idempotency.set(
        key,
        new Promise<string>((resolve) => {
          settle = resolve
        }),
      )
      try {
        return orderView(await place(userId, cart, goods, store, method, delivery, body.idempotencyKey, settle))
      } catch (error) {
        state.idempotency.delete(key)
        settle('')
        throw error
      }
    }),
  ]

  async function place(
    userId: string,
    cart: CartRecord,
    goods: { line: CartRecord['lines'][number]; goods: ReturnType<typeof findGoods> }[],
    store: ReturnType<typeof storeOf>,
    method: NonNullable<ReturnType<typeof methodOf>>,
    delivery: NewOrder['delivery'],
    idempotencyKey: string,
    settle: (orderId: string) => void,
  ) {
    for (const { line } of goods) {
      await state.db.goods.update((q) => q.where({ id: line.goodsId }), {
        data(draft) {
          draft.stock -= line.quantity
          draft.inStock = draft.stock > 0
        },
      })
    }
    const order = await createOrder(state, {
      userId,
      lines: goods.map(({ line, goods: g }) => ({
        goodsId: line.goodsId,
        name: g?.name ?? '',
        image: g?.images[0] ?? null,
        price: g?.price ?? 0,
        quantity: line.quantity,
        lineTotal: money((g?.price ?? 0) * line.quantity),
      })),
      oldPrices: goods.map(({ goods: g }) => g?.oldPrice),
      deliveryType: cart.deliveryType,
      store:
        cart.deliveryType === 'pickup' && store ? { code: store.code, name: store.name, address: store.address } : null,
      payment: {
        methodId: method.id,
        title:
          method.type === 'card' ? `${CARD_BRAND_NAMES[method.brand]} ${method.maskedPan}` : `СБП, ${method.bankName}`,
      },
      delivery,
      idempotencyKey,
      createdAt: state.clock.now(),
    })
    const ordered = new Set(goods.map(({ line }) => line.goodsId))
    await changeCart(state, userId, (draft) => {
      draft.lines = draft.lines.filter((line) => !ordered.has(line.goodsId))
    })
    settle(order.id)
    return order
  }
}
