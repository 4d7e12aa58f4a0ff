/**
 * `<ProductBuyBox>`: the buy block of goods and promo goods pages — price, stock (and in the chosen store), add to cart,
 * the favorites heart and share. Both pages render it so they act the same.
 */
import { useId, type ReactNode } from 'react'
import { Price } from '#client/components/ui/price.tsx'
import { buttonClass } from '#client/components/ui/button.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import type { AnalyticsParams } from '#client/analytics/params.ts'
import { AddToCartButton } from '#client/features/ecom/add-to-cart-button.tsx'
import { ProductBuyBar } from '#client/features/ecom/buy-bar-part.tsx'
import { FavoriteButton } from './favorite-button.tsx'
import { ShareButton } from './share-button.tsx'
import { StoreAvailability } from './store-availability.tsx'
import { useFavorites } from './use-favorites.ts'

export interface ProductBuyBoxProps {
  /** The catalogue goods put into the cart and favorites. */
  goodsId: number
  price: number
  oldPrice?: number | undefined
  discountPercent?: number | undefined
  /** Show the discount badge beside the price (off when the page already shows the same discount). Default true. */
  showDiscountBadge?: boolean | undefined
  inStock: boolean
  /** Units available; a low count is shown. */
  stock?: number | undefined
  /** Title and storefront path that share sends. */
  shareTitle: string
  sharePath: string
  /** Product fields of the add-to-cart event (price, discount, position: spec section 3). */
  trackParams?: AnalyticsParams | undefined
  /**
   * Where the page shows similar goods (`#similar-goods`): sold-out goods offer them instead of the
   * disabled cart button. The gateway has no back-in-stock subscription to offer instead.
   */
  similarHref?: string | undefined
  /** A line right under the price (a promotion's dates). */
  priceNote?: ReactNode
}

/** Price, stock and the product actions. */
export function ProductBuyBox({
  goodsId,
  price,
  oldPrice,
  discountPercent,
  showDiscountBadge = true,
  inStock,
  stock = 0,
  shareTitle,
  sharePath,
  trackParams,
  similarHref,
  priceNote,
}: ProductBuyBoxProps) {
  const favorites = useFavorites()
  const actionsId = useId()
  return (
    <div className="product-page__buy" data-toast-avoid>
      <Price
        price={price}
        oldPrice={oldPrice}
        discountPercent={discountPercent}
        showBadge={showDiscountBadge}
        size="lg"
      />
      {priceNote}
      <p className={cx('product-page__stock', inStock ? 'is-in-stock' : 'is-out')}>
        {inStock ? `В наличии${stock > 0 && stock < 10 ? `: осталось ${stock} шт.` : ''}` : 'Нет в наличии'}
      </p>
      {inStock && <StoreAvailability goodsId={goodsId} detailed />}
      <div className="product-page__actions" id={actionsId}>
        {!inStock && similarHref ? (
          <a href={similarHref} className={buttonClass({ size: 'lg' }, 'product-page__similar-link')}>
            Похожие товары
          </a>
        ) : (
          <AddToCartButton
            goodsId={goodsId}
            disabled={!inStock}
            size="lg"
            trackParams={trackParams && (() => trackParams)}
            inCart="stepper"
            itemName={shareTitle}
          />
        )}
        <FavoriteButton goodsId={goodsId} favorites={favorites} variant="secondary" size="lg" />
        <ShareButton title={shareTitle} path={sharePath} goodsId={goodsId} />
      </div>
      {inStock && (
        <ProductBuyBar
          goodsId={goodsId}
          name={shareTitle}
          price={price}
          oldPrice={oldPrice}
          anchorId={actionsId}
          trackParams={trackParams}
        />
      )}
    </div>
  )
}

/** Splits plain text into paragraphs (`\n\n` separates them). */
export const paragraphs = (text: string): string[] => text.split(/\n\n+/).filter(Boolean)
