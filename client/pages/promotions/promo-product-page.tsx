/** Promo goods (routes promo-product and promo-catalog-category-product): the offer, its terms and the goods it is about. */
import { promotionQuery } from '#shared/queries/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { ButtonLink, Price } from '#client/components/ui/index.ts'
import { formatDate } from '#client/lib/format.ts'
import { useQuery } from '#client/data/use-query.ts'
import { AgeGate } from '#client/features/age/age-gate.tsx'
import { ShareButton } from '#client/features/product/share-button.tsx'
import type { PageProps } from '../registry.ts'

/** A promotion page. */
export function Page({ params }: PageProps) {
  const { data: promo } = useQuery(promotionQuery(params.product as number))
  if (!promo) return null
  const image = promo.images[0] ?? promo.image
  const path = href('promo-product', { product: promo.id, slug: promo.slug })
  return (
    <article className="promo-page">
      <AgeGate restricted={promo.ageRestricted} />
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: 'Акции', href: href('promo-catalog') }, { label: promo.title }]} />
      <div className="promo-page__top">
        <img className="promo-page__image" src={image.url} width={image.width} height={image.height} alt={image.alt || promo.title} fetchPriority="high" />
        <div className="product-page__info">
          <span className="badge badge--sale promo-page__badge">{promo.badge}</span>
          <h1 className="product-page__title break-anywhere">{promo.title}</h1>
          <p className="text-muted">
            Акция действует с <time dateTime={promo.startsAt}>{formatDate(promo.startsAt)}</time> по <time dateTime={promo.endsAt}>{formatDate(promo.endsAt)}</time>
          </p>
          <div className="product-page__buy">
            {promo.price !== null && <Price price={promo.price} oldPrice={promo.oldPrice ?? undefined} size="lg" />}
            <div className="product-page__actions">
              {promo.goodsId !== null && (
                <ButtonLink href={href('product', { product: promo.goodsId })} variant="primary">Перейти к товару</ButtonLink>
              )}
              <ShareButton title={promo.title} path={path} />
            </div>
          </div>
          <p className="break-anywhere">{promo.description}</p>
          {promo.conditions.length > 0 && (
            <section aria-labelledby="promo-conditions">
              <h2 id="promo-conditions" className="section-title">Условия акции</h2>
              <ul className="promo-page__conditions">
                {promo.conditions.map((condition, index) => <li key={index}>{condition}</li>)}
              </ul>
            </section>
          )}
        </div>
      </div>
    </article>
  )
}
