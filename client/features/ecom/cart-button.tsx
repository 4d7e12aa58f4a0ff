/**
 * The add-to-cart button of a shopper with e-commerce (add-to-cart-button.tsx renders it): adds the
 * goods to the gateway-held cart, then turns into a link to the cart (or, on a goods page, a quantity
 * stepper with «Оформить»). A visitor without a session is asked to sign in first. The cart loads after
 * the page: a tap on «В корзину» before it arrives adds nothing that is already there, and the control
 * that takes the button's place ignores taps for a moment, so one aimed at the button never lands on it.
 */
import { useLayoutEffect, useRef, useState } from 'react'
// The browser location's own `navigate`: wouter's `useLocation` would subscribe every card's button to
// the location, and each tap on a link would render them all again (decision 032).
import { navigate } from 'wouter/use-browser-location'
import type { CartLine } from '#shared/models/cart.ts'
import { href } from '#shared/routing/href.ts'
import { cartQuery } from '#shared/queries/ecom.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import type { AnalyticsParams } from '#client/analytics/params.ts'
import { Button, type ButtonSize } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { QuantityStepper } from './quantity-stepper.tsx'
import { useAction } from './use-action.ts'
import { useCartCommands } from './use-cart.ts'
import { useRevealedInTurn } from './reveal-in-turn.ts'

export interface AddToCartButtonProps {
  goodsId: number
  /** Units to add. Default 1. */
  quantity?: number
  /** The goods cannot be bought now (sold out): the button is shown disabled. */
  disabled?: boolean
  size?: ButtonSize
  fullWidth?: boolean
  className?: string
  /**
   * Builds the product and list params of the add-to-cart event (spec section 3: price, discount,
   * position) when the event is sent: a list renders dozens of buttons, few are pressed.
   */
  trackParams?: () => AnalyticsParams
  /**
   * What goods already in the cart show: a link to the cart (cards, default), or on a goods page a
   * − quantity + stepper (− at 1 takes the goods out) with «Оформить».
   */
  inCart?: 'link' | 'stepper'
  /** The goods' name, for the stepper's accessible names. */
  itemName?: string
  /**
   * The class of a row the button stands in (a card's actions row), rendered with the button, so that
   * the row appears in the button's turn: a card changes its layout once, a few cards per frame.
   */
  rowClassName?: string
}

/**
 * Add-to-cart button (or 'В корзине' link once the goods are in the cart); nothing when e-commerce is
 * off, and nothing until its turn when every card of the page gets its button at once (a sign-in).
 */
export function CartButton({ rowClassName, ...props }: AddToCartButtonProps) {
  if (!useRevealedInTurn()) return null
  return rowClassName ? (
    <div className={rowClassName}>
      <ShownCartButton {...props} />
    </div>
  ) : (
    <ShownCartButton {...props} />
  )
}

function ShownCartButton({
  goodsId,
  quantity = 1,
  disabled,
  size = 'md',
  fullWidth,
  className,
  trackParams,
  inCart = 'link',
  itemName = 'товар',
}: AddToCartButtonProps) {
  const { session, openLogin, refreshSession } = useApp()
  const { track } = useAnalytics()
  const toast = useToast()
  const { data: cart, mutate: reloadCart } = useQuery(session.authorized && session.ecomEnabled ? cartQuery() : null)
  const commands = useCartCommands()
  const [message, setMessage] = useState<string>()
  const add = useAction(async () => {
    track('product_addToCart_click', { product_id: String(goodsId), ...trackParams?.() })
    if (!session.authorized) {
      if (!(await openLogin({ reason: 'Войдите, чтобы добавить товар в корзину' }))) return
      void refreshSession()
    } else if (cart === undefined) {
      // Tapped before the cart arrived: goods already in it are shown there, not added once more.
      const current = await reloadCart().catch(() => undefined)
      if (current?.lines.some((item) => item.goodsId === goodsId)) return
    }
    try {
      await commands.add(goodsId, quantity)
    } catch (error) {
      // The messages (with the error registry) load with the first failure, not with every card.
      const { ecomErrorMessage, gatewayCodeOf } = await import('./ecom-errors.ts')
      setMessage(gatewayCodeOf(error) === 'outOfStock' ? 'Товар закончился' : ecomErrorMessage(error))
      throw error
    }
    toast.show({
      theme: 'success',
      type: 'cart-added',
      title: 'Товар добавлен в корзину',
      buttonLabel: 'Перейти в корзину',
      onButtonClick: () => navigate(href('ecom-cart')),
    })
  })

  const line = cart?.lines.find((item) => item.goodsId === goodsId)
  const settling = useSettling(line !== undefined)
  if (!session.ecomEnabled) return null
  if (line && inCart === 'stepper')
    return (
      <div className="cart-button-settle" inert={settling}>
        <InCartStepper line={line} itemName={itemName} size={size} />
      </div>
    )
  if (line) {
    return (
      <div className="cart-button-settle" inert={settling}>
        <ButtonLink
          href={href('ecom-cart')}
          variant="secondary"
          size={size}
          fullWidth={fullWidth}
          iconStart="check"
          className={className}
        >
          В корзине
        </ButtonLink>
      </div>
    )
  }
  const error = add.error === undefined ? undefined : message
  return (
    <div className="add-to-cart">
      <Button
        size={size}
        fullWidth={fullWidth}
        iconStart="cart"
        className={className}
        disabled={disabled}
        loading={add.pending}
        onClick={() => void add.run()}
      >
        В корзину
      </Button>
      {error && (
        <p className="ecom-error add-to-cart__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** How long the control that took the button's place ignores taps: about a tap's reaction time. */
export const SETTLE_MS = 500

/**
 * Whether the in-cart control has just taken the button's place (for `SETTLE_MS`): not when the goods
 * were in the cart from the first render, so nothing moved under the finger then. A layout effect, so
 * the control is inert from its first paint.
 */
function useSettling(inCart: boolean): boolean {
  const shownButton = useRef(!inCart)
  const [settling, setSettling] = useState(false)
  useLayoutEffect(() => {
    if (!inCart) {
      shownButton.current = true
      return
    }
    if (!shownButton.current) return
    setSettling(true)
    const timer = setTimeout(() => setSettling(false), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [inCart])
  return settling
}

/** Goods in the cart on their page: the quantity, changed in place, and the way to checkout. */
function InCartStepper({ line, itemName, size }: { line: CartLine; itemName: string; size: ButtonSize }) {
  const commands = useCartCommands()
  const [message, setMessage] = useState<string>()
  const change = useAction(async (quantity: number) => {
    try {
      await (quantity < 1 ? commands.remove(line.goodsId) : commands.setQuantity(line.goodsId, quantity))
      setMessage(undefined)
    } catch (error) {
      const { ecomErrorMessage } = await import('./ecom-errors.ts')
      setMessage(ecomErrorMessage(error))
      throw error
    }
  })
  return (
    <div className="in-cart">
      <div className="in-cart__row">
        <QuantityStepper
          value={line.quantity}
          min={0}
          max={Math.max(line.maxQuantity, 1)}
          itemName={itemName}
          pending={change.pending}
          onChange={(quantity) => void change.run(quantity)}
        />
        <ButtonLink href={href('ecom-checkout')} size={size} className="in-cart__checkout">
          Оформить
        </ButtonLink>
      </div>
      {message && change.error !== undefined && (
        <p className="ecom-error" role="alert">
          {message}
        </p>
      )}
    </div>
  )
}
