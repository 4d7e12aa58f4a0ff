/** `<PromoCard promotion>`: a promotion in the promotions catalogue. */
import type { PromotionCard } from '#shared/models/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Price } from '#client/components/ui/price.tsx'
import { formatDate } from '#client/lib/format-date.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { StoreAvailability } from '#client/features/product/store-availability.tsx'
import { mergeParams, positionParams, productParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'

/** One promotion card; the whole card is the link. */
export function PromoCard({
  promotion,
  path,
  position,
}: {
  promotion: PromotionCard
  path?: string
  position?: number
}) {
  const { track } = useAnalytics()
  const click = () =>
    track(
      'promo_card_click',
      mergeParams(
        promotion.price === null
          ? { product_id: String(promotion.id) }
          : productParams({ id: promotion.id, price: promotion.price, oldPrice: promotion.oldPrice ?? undefined }),
        position === undefined ? undefined : positionParams(position, 'promo-catalog'),
      ),
    )
  return (
    <article className="product-card promo-card">
      <PrefetchLink
        href={path ?? href('promo-product', { product: promotion.id, slug: promotion.slug })}
        className="product-card__link"
        onClick={click}
      >
        <div>
          <img
            className="product-card__image"
            src={promotion.image.url}
            width={promotion.image.width}
            height={promotion.image.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        </div>
        <h3 className="product-card__name">{promotion.title}</h3>
      </PrefetchLink>
      <div className="product-card__badges">
        <span className="badge badge--sale">{promotion.badge}</span>
      </div>
      <p className="promo-card__dates text-muted">до {formatDate(promotion.endsAt)}</p>
      {promotion.goodsId ? <StoreAvailability goodsId={promotion.goodsId} /> : null}
      {promotion.price !== null && (
        // The offer's badge on the image already names the discount: the price does not repeat it.
        <Price price={promotion.price} oldPrice={promotion.oldPrice ?? undefined} size="sm" showBadge={false} />
      )}
    </article>
  )
}
