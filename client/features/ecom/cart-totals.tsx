/** `<CartTotals>`: items at old prices, the discount, delivery and the sum to pay. */
import type { CartTotals as Totals } from '#shared/models/cart.ts'
import { countLabel, formatPrice } from '#client/lib/format.ts'

export interface CartTotalsProps {
  totals: Totals
  /** Delivery price; left out when undefined (the cart does not know it yet). */
  deliveryPrice?: number | undefined
}

/** The totals list of the cart and of the checkout summary. */
export function CartTotals({ totals, deliveryPrice }: CartTotalsProps) {
  const toPay = totals.total + (deliveryPrice ?? 0)
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>{countLabel(totals.count, ['товар', 'товара', 'товаров'])}</dt>
        <dd>{formatPrice(totals.itemsTotal)}</dd>
      </div>
      {totals.discountTotal > 0 && (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>Скидка</dt>
          <dd>−{formatPrice(totals.discountTotal)}</dd>
        </div>
      )}
      {deliveryPrice !== undefined && (
        <div className="cart-totals__row">
          <dt>Доставка</dt>
          <dd>{deliveryPrice === 0 ? 'Бесплатно' : formatPrice(deliveryPrice)}</dd>
        </div>
      )}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Итого</dt>
        <dd data-testid="cart-total">{formatPrice(toPay)}</dd>
      </div>
    </dl>
  )
}
