/**
 * The add-to-cart button of a shopper with e-commerce (add-to-cart-button.tsx renders it): adds the
 * goods to the gateway-held cart, then turns into a link to the cart. A visitor without a session is
 * asked to sign in first.
 */
import { useState } from 'react'
import { useLocation } from 'wouter'
import { href } from '#shared/routing/href.ts'
import { cartQuery } from '#shared/queries/ecom.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import type { AnalyticsParams } from '#client/analytics/params.ts'
import { Button, type ButtonSize } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { useAction } from './use-action.ts'
import { useCartCommands } from './use-cart.ts'

export interface AddToCartButtonProps {
  goodsId: number
  /** Units to add. Default 1. */
  quantity?: number
  /** The goods cannot be bought now (sold out): the button is shown disabled. */
  disabled?: boolean
  size?: ButtonSize
  fullWidth?: boolean
  className?: string
  /** Product and list params of the add-to-cart event (spec section 3: price, discount, position). */
  trackParams?: AnalyticsParams
}

/** Add-to-cart button (or 'В корзине' link once the goods are in the cart); nothing when e-commerce is off. */
export function CartButton({
  goodsId,
  quantity = 1,
  disabled,
  size = 'md',
  fullWidth,
  className,
  trackParams,
}: AddToCartButtonProps) {
  const { session, openLogin, refreshSession } = useApp()
  const { track } = useAnalytics()
  const toast = useToast()
  const [, navigate] = useLocation()
  const { data: cart } = useQuery(session.authorized && session.ecomEnabled ? cartQuery() : null)
  const commands = useCartCommands()
  const [message, setMessage] = useState<string>()
  const add = useAction(async () => {
    track('product_addToCart_click', { product_id: String(goodsId), ...trackParams })
    if (!session.authorized) {
      if (!(await openLogin({ reason: 'Войдите, чтобы добавить товар в корзину' }))) return
      refreshSession()
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

  if (!session.ecomEnabled) return null
  if (cart?.lines.some((line) => line.goodsId === goodsId)) {
    return (
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
