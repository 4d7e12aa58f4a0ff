/**
 * The code of what e-commerce adds to every page: the toolbar's cart link and the cards' «В корзину»
 * (lazy parts). Loaded before hydrating a shopper's page, and after a sign-in before the page shows
 * e-commerce, so the cards' buttons come in with their turn (use-revealed-in-turn.ts), not all in the
 * frame their chunk arrives in.
 */
import { loadCartButton } from './add-to-cart-button.tsx'
import { loadCartLink } from './cart-link-part.tsx'

/** Loads the cart link's and the cart button's code once. */
export function loadEcomParts(): Promise<unknown> {
  return Promise.all([loadCartLink(), loadCartButton()])
}
