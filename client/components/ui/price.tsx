/** `<Price price oldPrice discountPercent>`: ru-RU rouble price, the old price struck through, a discount badge. */
import { formatPrice } from '#client/lib/format.ts'
import { cx } from './class-names.ts'

export interface PriceProps {
  /** Current price in roubles. */
  price: number
  /** Price before the discount; shown only when higher than `price`. */
  oldPrice?: number | undefined
  /** Discount in percent; computed from the two prices when not given. */
  discountPercent?: number | undefined
  size?: 'sm' | 'md' | 'lg'
  /** Show the discount badge. Default true. */
  showBadge?: boolean
  className?: string
}

/** The discount in whole percent from two prices (0 when there is none). */
export function discountOf(price: number, oldPrice: number | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0
  return Math.round((1 - price / oldPrice) * 100)
}

/** A price with its optional old price and discount badge. */
export function Price({ price, oldPrice, discountPercent, size = 'md', showBadge = true, className }: PriceProps) {
  const sale = oldPrice !== undefined && oldPrice > price
  const discount = sale ? (discountPercent ?? discountOf(price, oldPrice)) : 0
  return (
    <div className={cx('price', `price--${size}`, sale && 'price--sale', className)}>
      <span className="price__current">
        {sale && <span className="visually-hidden">Цена со скидкой: </span>}
        {formatPrice(price)}
      </span>
      {sale && (
        <s className="price__old">
          <span className="visually-hidden">Цена без скидки: </span>
          {formatPrice(oldPrice)}
        </s>
      )}
      {sale && showBadge && discount > 0 && (
        <span className="price__badge">
          <span className="visually-hidden">Скидка </span>
          {`−${discount}%`}
        </span>
      )}
    </div>
  )
}
