/** `<ProductCard goods>`: a product in lists (catalogue, search, home blocks, articles). */
import { memo, use } from 'react'
import type { GoodsCardShape } from '#shared/queries/views.ts'
import { href } from '#shared/routing/href.ts'
import { Price } from '#client/components/ui/price.tsx'
import { Rating } from '#client/components/ui/rating.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { CachedChildren } from '#client/components/fragment-cache.tsx'
import { AppContext } from '#client/context/app-context.tsx'
import { AddToCartButton } from '#client/features/ecom/add-to-cart-button.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { FavoriteButton } from '#client/features/product/favorite-button.tsx'
import type { FavoritesApi } from '#client/features/product/use-favorites.ts'
import { StoreAvailability } from '#client/features/product/store-availability.tsx'
import { LABEL_NAMES } from './texts.ts'
import { mergeParams, positionParams, productParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'

export interface ProductCardProps {
  goods: GoodsCardShape
  favorites: FavoritesApi
  /** Heading level of the name inside its list. Default 3. */
  headingLevel?: 2 | 3
  /** Load the image eagerly (the first cards of a page). */
  eager?: boolean
  /** Index of the card in its list (from 0) and the list's name, for the click and cart events. */
  position?: number
  list?: string
}

/**
 * One product card; the whole card is the link, buttons stay above it. A list repeats it 24 times, so
 * its parts carry no class the stylesheet can find by position (commerce.css, "Product card"); the
 * link and name keep theirs (tests and the page objects find them).
 *
 * In the browser the card reads no app state: signing in renders its cart button and heart, which
 * subscribe themselves, not the card and not the list around it (decision 032).
 */
export const ProductCard = memo(function ProductCard({
  goods,
  favorites,
  headingLevel = 3,
  eager,
  position,
  list,
}: ProductCardProps) {
  const { track } = useAnalytics()
  // Built when an event needs them: a list renders (and hydrates) dozens of cards, few are clicked.
  const trackParams = () =>
    mergeParams(productParams(goods), position === undefined ? undefined : positionParams(position, list))
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  // Badges sit under the name, not over the product: the age mark first, at most two shown (CSS).
  const labels = goods.labels ?? []
  // The server keeps the card's HTML for the shared goods object: the variant names
  // every prop and flag the HTML depends on. Not kept: the cart's button (personal; the server never
  // reads the favorites), and an eager image, whose render also preloads it in the page's head.
  // `use` may be conditional, and the browser's build drops it (a build-time constant).
  const ecom = import.meta.env.SSR && use(AppContext)?.session.ecomEnabled === true
  const variant = `${headingLevel}${favorites.enabled ? 'f' : ''}`
  return (
    <CachedChildren
      as="article"
      className={cx('product-card', !goods.inStock && 'product-card--out-of-stock')}
      data-goods-id={goods.id}
      owner={goods}
      variant={variant}
      personal={ecom || eager === true}
    >
      {() => (
        <>
          <PrefetchLink
            href={href('product', { product: goods.id, slug: goods.slug })}
            className="product-card__link"
            onClick={() => track('product_card_click', trackParams())}
          >
            {/* The media box, then the brand. The square box sizes the image (CSS), so it needs no width and height; eager is the browser's default. */}
            <div>{goods.image ? <img src={goods.image} alt="" loading={eager ? undefined : 'lazy'} /> : null}</div>
            <p>{goods.brand}</p>
            <Heading className="product-card__name">{goods.name}</Heading>
          </PrefetchLink>
          {(labels.length > 0 || goods.ageRestricted) && (
            <div className="product-card__badges">
              {goods.ageRestricted && <span className="badge badge--age">18+</span>}
              {labels.map((label) => (
                <span key={label} className={`badge badge--${label}`}>
                  {LABEL_NAMES[label]}
                </span>
              ))}
            </div>
          )}
          {goods.reviewsCount > 0 ? (
            <Rating value={goods.rating} count={goods.reviewsCount} size="sm" />
          ) : (
            <span className="text-muted product-card__no-reviews">Нет отзывов</span>
          )}
          <Price price={goods.price} oldPrice={goods.oldPrice} discountPercent={goods.discountPercent} size="sm" />
          {goods.inStock ? <StoreAvailability goodsId={goods.id} /> : <p>Нет в наличии</p>}
          {/* Nothing for visitors who cannot buy. The actions row comes with the button, in its turn
              (reveal-in-turn.ts): signing in changes a few cards' layout per frame, not every card's in one. */}
          <AddToCartButton
            goodsId={goods.id}
            disabled={!goods.inStock}
            size="sm"
            fullWidth
            trackParams={trackParams}
            rowClassName="product-card__actions"
          />
          <FavoriteButton goodsId={goods.id} favorites={favorites} size="sm" tooltip={false} />
        </>
      )}
    </CachedChildren>
  )
})
