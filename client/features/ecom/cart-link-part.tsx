/**
 * The toolbar's cart link for shoppers with e-commerce only (spec section 1): its code (cart-link.tsx,
 * with the cart count and its query) is a lazy part that most visitors never load; the
 * browser loads it before hydrating a page of a shopper with e-commerce.
 */
import { useApp } from '#client/context/app-context.tsx'
import { lazyPart } from '#client/components/lazy-part.tsx'

const cartLink = lazyPart<object>(() => import('./cart-link.tsx').then((module) => module.CartLink))

/** Loads the cart link's code once. */
export const loadCartLink = cartLink.preload

/** The cart link of the toolbar; nothing when e-commerce is off for the visitor. */
export function CartLinkPart() {
  const { session } = useApp()
  return session.ecomEnabled ? <cartLink.Part /> : null
}
