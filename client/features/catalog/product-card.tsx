/** `<ProductCard goods>`: a product in lists (catalogue, search, home blocks, articles). */
import type { GoodsCardView } from '#shared/queries/views.ts'
import { href } from '#shared/routing/href.ts'
import { Price, Rating } from '#client/components/ui/index.ts'
import { cx } from '#client/components/ui/class-names.ts'
import { useApp } from '#client/context/app-context.tsx'
import { AddToCartButton } from '#client/features/ecom/add-to-cart-button.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { FavoriteButton } from '#client/features/product/favorite-button.tsx'
import type { FavoritesApi } from '#client/features/product/use-favorites.ts'
import { StoreAvailability } from '#client/features/product/store-availability.tsx'
import { LABEL_NAMES } from './texts.ts'
import { mergeParams, positionParams, productParams, useAnalytics } from '#client/analytics/index.ts'

/** Props of `ProductCard`. */
export interface ProductCardProps {
  goods: GoodsCardView
  favorites: FavoritesApi
  /** Heading level of the name inside its list. Default 3. */
  headingLevel?: 2 | 3
  /** Load the image eagerly (the first cards of a page). */
  eager?: boolean
  /** Index of the card in its list (from 0) and the list's name, for the click and cart events. */
  position?: number
  list?: string
}

/** One product card; the whole card is the link, buttons stay above it. */
export function ProductCard({ goods, favorites, headingLevel = 3, eager, position, list }: ProductCardProps) {
  const { track } = useAnalytics()
  const trackParams = mergeParams(productParams(goods), position === undefined ? undefined : positionParams(position, list))
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  // The actions row only for visitors who can buy: the button renders nothing for the others.
  const ecom = useApp().session.ecomEnabled
  const labels = (goods.labels ?? []).filter((label) => label !== 'sale').slice(0, 2)
  return (
    <article className={cx('product-card', !goods.inStock && 'product-card--out-of-stock')} data-goods-id={goods.id}>
      <PrefetchLink href={href('product', { product: goods.id, slug: goods.slug })} className="product-card__link" onClick={() => track('product_card_click', trackParams)}>
        <div className="product-card__media">
          {goods.image ? (
            <img
              className="product-card__image"
              src={goods.image.url}
              width={goods.image.width}
              height={goods.image.height}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
        </div>
        <p className="product-card__brand">{goods.brand}</p>
        <Heading className="product-card__name">{goods.name}</Heading>
      </PrefetchLink>
      {(labels.length > 0 || goods.ageRestricted || !goods.inStock) && (
        <div className="product-card__badges">
          {labels.map((label) => (
            <span key={label} className={`badge badge--${label}`}>{LABEL_NAMES[label]}</span>
          ))}
          {goods.ageRestricted && <span className="badge badge--age">18+</span>}
          {!goods.inStock && <span className="badge">Нет в наличии</span>}
        </div>
      )}
      {goods.reviewsCount > 0 ? (
        <Rating value={goods.rating} count={goods.reviewsCount} size="sm" className="product-card__rating" />
      ) : (
        <span className="text-muted product-card__rating product-card__no-reviews">Нет отзывов</span>
      )}
      <Price price={goods.price} oldPrice={goods.oldPrice} discountPercent={goods.discountPercent} size="sm" className="product-card__price" />
      {goods.inStock && <StoreAvailability goodsId={goods.id} />}
      {ecom && (
        <div className="product-card__actions">
          <AddToCartButton goodsId={goods.id} disabled={!goods.inStock} size="sm" fullWidth trackParams={trackParams} />
        </div>
      )}
      <FavoriteButton goodsId={goods.id} favorites={favorites} className="product-card__favorite" size="sm" />
    </article>
  )
}
