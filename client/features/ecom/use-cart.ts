/**
 * The cart as the browser holds it: one SWR entry (`cartQuery`) shared by the toolbar count, the
 * add-to-cart buttons and the cart page, updated with every answer of the cart calls (each answers
 * the whole cart), so all of them agree without refetching.
 */
import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { Cart } from '#shared/models/cart.ts'
import { cartQuery } from '#shared/queries/ecom.ts'
import { useApi } from '#client/context/app-context.tsx'

/** The cart's endpoint definitions (and schemas) load with the first command (decision 007). */
const gateway = () => import('#shared/gateway/cart.ts')

/** Calls that change the cart; each resolves the new cart and stores it in the shared entry. */
export interface CartCommands {
  add: (goodsId: number, quantity: number) => Promise<Cart>
  setQuantity: (goodsId: number, quantity: number) => Promise<Cart>
  remove: (goodsId: number) => Promise<Cart>
}

/** The cart commands of the signed-in shopper (they throw AppError on failure). */
export function useCartCommands(): CartCommands {
  const api = useApi()
  const { mutate } = useSWRConfig()
  const store = useCallback(
    async (cart: Cart) => {
      await mutate(cartQuery().key, cart, { revalidate: false })
      return cart
    },
    [mutate],
  )
  return {
    add: useCallback(
      async (goodsId, quantity) =>
        store(await api.call((await gateway()).addCartItem, { body: { goodsId, quantity } })),
      [api, store],
    ),
    setQuantity: useCallback(
      async (goodsId, quantity) =>
        store(await api.call((await gateway()).setCartItemQuantity, { params: { goodsId }, body: { quantity } })),
      [api, store],
    ),
    remove: useCallback(
      async (goodsId) => store(await api.call((await gateway()).removeCartItem, { params: { goodsId } })),
      [api, store],
    ),
  }
}
