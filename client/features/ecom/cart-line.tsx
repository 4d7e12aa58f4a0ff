/** `<CartLineView>`: one cart line with image, name and volume, price, quantity stepper and remove (a sold-out line: no stepper, no sum). */
import { Link } from 'wouter'
import type { CartLine } from '#shared/models/cart.ts'
import { href } from '#shared/routing/href.ts'
import { IconButton } from '#client/components/ui/button.tsx'
import { Price } from '#client/components/ui/price.tsx'
import { splitVolume } from './line-volume.ts'
import { QuantityStepper } from './quantity-stepper.tsx'

export interface CartLineViewProps {
  line: CartLine
  /** A change of this line is being saved. */
  pending: boolean
  /** Text of the last failed change of this line. */
  error?: string | undefined
  onQuantity: (quantity: number) => void
  onRemove: () => void
}

/** One line of the cart. */
export function CartLineView({ line, pending, error, onQuantity, onRemove }: CartLineViewProps) {
  const link = href('product', { product: line.goodsId, slug: line.slug })
  const soldOut = line.maxQuantity === 0
  // The volume has a line of its own: a long name is clamped, the volume never is.
  const { name, volume } = splitVolume(line.name)
  return (
    <li className="cart-line" aria-busy={pending || undefined} data-goods-id={line.goodsId}>
      <Link href={link} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {line.image ? (
          <img src={line.image.url} alt="" width={line.image.width} height={line.image.height} loading="lazy" />
        ) : null}
      </Link>
      <div className="cart-line__info">
        <Link href={link} className="cart-line__link">
          {/* On screen the volume's own line separates it from the name; read out, a comma does. An inline
              comma of no size, inside the name's box: out of the flow, it would read «Жемчужина , 15 мл». */}
          <span className="cart-line__name break-anywhere">
            {name}
            {volume && <span className="cart-line__comma">,</span>}
          </span>
          {volume && <span className="cart-line__volume">{volume}</span>}
        </Link>
        <Price price={line.price} oldPrice={line.oldPrice} size="sm" />
        {soldOut ? (
          <p className="cart-line__note cart-line__note--problem">Нет в наличии</p>
        ) : line.quantity > line.maxQuantity ? (
          <p className="cart-line__note cart-line__note--problem">Доступно только {line.maxQuantity} шт.</p>
        ) : line.quantity >= line.maxQuantity ? (
          <p className="cart-line__note">Больше добавить нельзя</p>
        ) : null}
        {error && (
          <p className="ecom-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        {!soldOut && (
          <>
            <QuantityStepper
              value={line.quantity}
              max={line.maxQuantity}
              itemName={line.name}
              pending={pending}
              onChange={onQuantity}
            />
            <span className="cart-line__total">
              <span className="visually-hidden">Сумма: </span>
              <Price price={line.lineTotal} size="md" showBadge={false} />
            </span>
          </>
        )}
        <IconButton
          icon="trash"
          label={`Удалить «${line.name}» из корзины`}
          onClick={onRemove}
          disabled={pending}
          className="cart-line__remove"
        />
      </div>
    </li>
  )
}
