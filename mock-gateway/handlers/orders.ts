/** Orders: list, one order, cancel, active summary and the change poll; statuses advance with time. */
import type { HttpHandler } from 'msw'
import { cancelOrder, getOrder, listActiveOrders, listOrders, pollOrders } from '#shared/gateway/orders.ts'
import { ACTIVE_STATUSES, CANCELLABLE_STATUSES } from '#shared/models/orders.ts'
import { nextOrderChange, nextOrderVersion, returnToStock, syncOrders } from '../domain/orders.ts'
import { gatewayError, notFound } from '../http/gateway-error.ts'
import { mockEndpoint } from '../http/mock-endpoint.ts'
import { orderSummary, orderView, paginate } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Handlers of `/v1/orders*` and `/v2/orders/active/list`. */
export function orderHandlers(state: MockState): HttpHandler[] {
  // A shopper's order answers hold until one of their orders steps on by time (or anything changes).
  const clockBound = { keptUntil: ({ userId }: { userId: string }) => nextOrderChange(state, userId) }
  return [
    mockEndpoint(
      state,
      listOrders,
      async ({ userId, query }) =>
        paginate((await syncOrders(state, userId)).map(orderSummary), query.page, query.pageSize ?? 10),
      clockBound,
    ),

    // The static poll path goes before `/v1/orders/:id`, which would otherwise take it.
    mockEndpoint(
      state,
      pollOrders,
      async ({ userId, query }) => {
        const since = query.since ?? 0
        const changes = (await syncOrders(state, userId))
          .filter((order) => order.version > since)
          .sort((a, b) => a.version - b.version)
          .map(({ id, status, updatedAt, version, pickup }) => ({
            id,
            status,
            updatedAt,
            version,
            ...(pickup ? { keepUntil: pickup.keepUntil } : {}),
          }))
        return { version: state.orderVersions.get(userId) ?? 0, changes }
      },
      clockBound,
    ),

    mockEndpoint(
      state,
      getOrder,
      async ({ userId, params }) => {
        const order = (await syncOrders(state, userId)).find((o) => o.id === params.id)
        return order ? orderView(order) : notFound('Заказ не найден')
      },
      clockBound,
    ),

    mockEndpoint(state, cancelOrder, async ({ userId, params }) => {
      const order = (await syncOrders(state, userId)).find((o) => o.id === params.id)
      if (!order) return notFound('Заказ не найден')
      if (!CANCELLABLE_STATUSES.includes(order.status))
        return gatewayError(409, 'cancelNotAllowed', 'Этот заказ уже нельзя отменить')
      const at = new Date(state.clock.now()).toISOString()
      const version = nextOrderVersion(state, userId)
      const cancelled = await state.db.orders.update((q) => q.where({ id: order.id }), {
        data(draft) {
          draft.status = 'cancelled'
          draft.statusHistory.push({ status: 'cancelled', at })
          draft.updatedAt = at
          draft.version = version
        },
      })
      await returnToStock(state, order)
      return orderView(cancelled ?? order)
    }),

    mockEndpoint(
      state,
      listActiveOrders,
      async ({ userId }) => {
        const items = (await syncOrders(state, userId))
          .filter((order) => ACTIVE_STATUSES.includes(order.status))
          .map(orderSummary)
        return { items, count: items.length }
      },
      clockBound,
    ),
  ]
}
