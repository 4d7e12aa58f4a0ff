/** The signed-in shopper's cart; every call answers the whole cart. */
import * as z from 'zod/mini'
import { defineEndpoint } from '../api/endpoint.ts'
import { CartAddSchema, CartQuantitySchema, CartSchema } from '../models/cart.ts'
import { IdParamSchema } from '../models/common.ts'

const lineParams = z.object({ goodsId: IdParamSchema })

/** Reads the cart. */
export const getCart = defineEndpoint({
  name: 'cart.get',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cart',
  auth: true,
  response: CartSchema,
})

/** Adds units of goods; 404 `notFound` for unknown goods, 409 `outOfStock` for sold-out goods. */
export const addCartItem = defineEndpoint({
  name: 'cart.add',
  gateway: 'web',
  method: 'POST',
  path: '/v1/cart/items',
  auth: true,
  body: CartAddSchema,
  response: CartSchema,
})

/** Sets a line's quantity (capped at stock); 404 `notFound` when the line is absent. */
export const setCartItemQuantity = defineEndpoint({
  name: 'cart.setQuantity',
  gateway: 'web',
  method: 'PATCH',
  path: '/v1/cart/items/:goodsId',
  auth: true,
  params: lineParams,
  body: CartQuantitySchema,
  response: CartSchema,
})

/** Removes a line (removing an absent one is harmless). */
export const removeCartItem = defineEndpoint({
  name: 'cart.remove',
  gateway: 'web',
  method: 'DELETE',
  path: '/v1/cart/items/:goodsId',
  auth: true,
  params: lineParams,
  response: CartSchema,
})

/** Empties the cart. */
export const clearCart = defineEndpoint({
  name: 'cart.clear',
  gateway: 'web',
  method: 'DELETE',
  path: '/v1/cart',
  auth: true,
  response: CartSchema,
})
