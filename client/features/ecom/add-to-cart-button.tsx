/**
 * `<AddToCartButton goodsId>` for product pages and cards: nothing when e-commerce is off for the
 * visitor (spec section 1), so most visitors never load the button's code (cart-button.tsx: the cart
 * query and commands, the error texts); a lazy part that the browser loads before
 * hydrating a page of a shopper with e-commerce.
 */
import { useApp } from '#client/context/app-context.tsx'
import { lazyPart } from '#client/components/lazy-part.tsx'
import { useHydratedFor } from '#client/components/ui/use-hydrated.ts'
import type { BuyBarProps } from './buy-bar.tsx'
import type { AddToCartButtonProps } from './cart-button.tsx'

export type { AddToCartButtonProps } from './cart-button.tsx'

const buyBar = lazyPart<BuyBarProps>(() => import('./buy-bar.tsx').then((module) => module.BuyBar))
const cartButton = lazyPart<AddToCartButtonProps>(() => import('./cart-button.tsx').then((module) => module.CartButton))

/** Loads the cart button's code once. */
export const loadCartButton = cartButton.preload

/** Add-to-cart button (or 'В корзине' link once the goods are in the cart); nothing without e-commerce. */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { session } = useApp()
  return session.ecomEnabled ? <cartButton.Part {...props} /> : null
}

/**
 * The goods page's bottom buy bar on a phone (buy-bar.tsx); nothing without e-commerce. It starts
 * hidden, so it is drawn only after hydration: no page waits for its code.
 */
export function ProductBuyBar(props: BuyBarProps) {
  const { session } = useApp()
  const shown = useHydratedFor(session.ecomEnabled)
  return shown ? <buyBar.Part {...props} /> : null
}
