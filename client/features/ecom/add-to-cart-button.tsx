/**
 * `<AddToCartButton goodsId>` for product pages and cards: nothing when e-commerce is off for the
 * visitor (spec section 1), so most visitors never load the button's code (cart-button.tsx: the cart
 * query and commands, the error texts); a lazy part that the browser loads before
 * hydrating a page of a shopper with e-commerce.
 */
import { useApp } from '#client/context/app-context.tsx'
import { lazyPart } from '#client/components/lazy-part.tsx'
import type { AddToCartButtonProps } from './cart-button.tsx'

export type { AddToCartButtonProps } from './cart-button.tsx'

const cartButton = lazyPart<AddToCartButtonProps>(() => import('./cart-button.tsx').then((module) => module.CartButton))

/** Loads the cart button's code once. */
export const loadCartButton = cartButton.preload

/** Add-to-cart button (or 'В корзине' link once the goods are in the cart); nothing without e-commerce. */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { session } = useApp()
  return session.ecomEnabled ? <cartButton.Part {...props} /> : null
}
