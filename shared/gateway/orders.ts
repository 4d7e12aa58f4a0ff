/** Orders of the signed-in shopper. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  ActiveOrdersSchema,
  OrderParamsSchema,
  OrderSchema,
  OrdersPageSchema,
  OrdersPollQuerySchema,
  OrdersPollSchema,
  OrdersQuerySchema,
} from '../models/orders.ts'

/** Orders, newest first, paged. */
export const listOrders = defineEndpoint({
  name: 'orders.list',
  gateway: 'web',
  method: 'GET',
  path: '/v1/orders',
  auth: true,
  query: OrdersQuerySchema,
  response: OrdersPageSchema,
})

/** One order with its status history; 404 `notFound` for another shopper's order. */
export const getOrder = defineEndpoint({
  name: 'orders.get',
  gateway: 'web',
  method: 'GET',
  path: '/v1/orders/:id',
  auth: true,
  params: OrderParamsSchema,
  response: OrderSchema,
})

/** Cancels an order while created, paid or assembling; 409 `cancelNotAllowed` later. */
export const cancelOrder = defineEndpoint({
  name: 'orders.cancel',
  gateway: 'web',
  method: 'POST',
  path: '/v1/orders/:id/cancel',
  auth: true,
  params: OrderParamsSchema,
  response: OrderSchema,
})

/** Orders still in progress (created, paid, assembling, ready). */
export const listActiveOrders = defineEndpoint({
  name: 'orders.active',
  gateway: 'web',
  method: 'GET',
  path: '/v2/orders/active/list',
  auth: true,
  response: ActiveOrdersSchema,
})

/** Status changes since a version, for polling. */
export const pollOrders = defineEndpoint({
  name: 'orders.poll',
  gateway: 'web',
  method: 'GET',
  path: '/v1/orders/poll',
  auth: true,
  query: OrdersPollQuerySchema,
  response: OrdersPollSchema,
})
