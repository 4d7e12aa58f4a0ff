/**
 * Promo goods (routes promo-product and promo-catalog-category-product): the goods page of an offer —
 * the gallery, the promo price with the buy block (cart, favorites, share) of the goods page,
 * description and terms tabs, and the reviews of the goods the offer is about.
 */
import { useEffect } from 'react'
import { quotedName, type Promotion } from '#shared/models/promotions.ts'
import type { promoProductPage } from '#shared/routes/product.ts'
import { href } from '#shared/routing/href.ts'
import { productParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { NearScreen } from '#client/components/near-screen.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Price, discountOf } from '#client/components/ui/price.tsx'
import { Rating } from '#client/components/ui/rating.tsx'
import { Tabs, type TabItem } from '#client/components/ui/tabs.tsx'
import { formatDate } from '#client/lib/format-date.ts'
import { useQuery } from '#client/data/use-query.ts'
import { AgeGate } from '#client/features/age/age-gate.tsx'
import { Gallery } from '#client/features/product/gallery.tsx'
import { ProductBuyBox, paragraphs } from '#client/features/product/product-buy-box.tsx'
import { ReviewsSection } from '#client/features/product/reviews-section.tsx'
import { ShareButton } from '#client/features/product/share-button.tsx'
import type { ViewProps } from '../registry.ts'

const loadWhereToBuy = () => import('#client/features/product/where-to-buy.tsx').then((module) => module.WhereToBuy)

/** A promo goods page. */
export function Page({
  queries,
}: ViewProps<'promo-product' | 'promo-catalog-category-product', typeof promoProductPage>) {
  const { data: promo } = useQuery(queries.promotion)
  if (!promo) return null
  return <PromoView promo={promo} />
}

function PromoView({ promo }: { promo: Promotion }) {
  const { track } = useAnalytics()
  const goods = promo.goods ?? null
  const goodsId = promo.goodsId
  const path = href('promo-product', { product: promo.id, slug: promo.slug })
  const price = promo.price ?? goods?.price
  const oldPrice = promo.price !== null ? (promo.oldPrice ?? undefined) : goods?.oldPrice
  // The offer badge of the meta row ("−20%") already names the discount: the price box does not repeat it.
  const discount = price !== undefined ? discountOf(price, oldPrice) : 0
  const priceBadge = !(discount > 0 && promo.badge.includes(`${discount}%`))
  useEffect(() => {
    if (goodsId !== null && price !== undefined) track('product_view', productParams({ id: goodsId, price, oldPrice }))
  }, [goodsId, price, oldPrice, track])

  const tabs: TabItem[] = [
    {
      id: 'description',
      label: 'Описание',
      content: paragraphs(promo.description).map((p, i) => (
        <p key={i} className="break-anywhere">
          {p}
        </p>
      )),
    },
  ]
  tabs.push({
    id: 'conditions',
    label: 'Условия акции',
    content: (
      <>
        <p>
          Акция действует с <time dateTime={promo.startsAt}>{formatDate(promo.startsAt)}</time> по{' '}
          <time dateTime={promo.endsAt}>{formatDate(promo.endsAt)}</time>.
        </p>
        {promo.conditions.length > 0 && (
          <ul className="promo-page__conditions">
            {promo.conditions.map((condition, index) => (
              <li key={index}>{condition}</li>
            ))}
          </ul>
        )}
      </>
    ),
  })

  // The offer's dates sit by its price, not only in the «Условия акции» tab.
  const dates = (
    <p className="promo-page__dates">
      Акция с <time dateTime={promo.startsAt}>{formatDate(promo.startsAt)}</time> по{' '}
      <time dateTime={promo.endsAt}>{formatDate(promo.endsAt)}</time>
    </p>
  )
  const images = promo.images.length > 0 ? promo.images : [promo.image]
  return (
    <article className="product-page promo-page" data-promotion-id={promo.id} data-goods-id={goodsId ?? undefined}>
      <AgeGate restricted={promo.ageRestricted} />
      <Breadcrumbs
        items={[
          { label: 'Главная', href: '/' },
          { label: 'Акции', href: href('promo-catalog') },
          { label: promo.title },
        ]}
      />
      <div className="product-page__top">
        <Gallery images={images} name={promo.title} goodsId={goodsId ?? promo.id} />
        <div className="product-page__info">
          {goods && <p className="product-page__brand">{goods.brand.name}</p>}
          <h1 className="product-page__title break-anywhere">{promo.title}</h1>
          <div className="product-page__meta">
            <span className="badge badge--sale promo-page__badge">{promo.badge}</span>
            {goods && (
              <a
                href="#reviews-title"
                className="product-page__rating"
                onClick={() => goodsId !== null && track('product_reviews_click', { product_id: String(goodsId) })}
              >
                {goods.reviewsCount > 0 ? (
                  <Rating value={goods.rating} count={goods.reviewsCount} />
                ) : (
                  <span className="text-muted product-page__no-reviews">Нет отзывов</span>
                )}
              </a>
            )}
            {promo.ageRestricted && <span className="badge badge--age">18+</span>}
          </div>
          {goodsId !== null && price !== undefined ? (
            <ProductBuyBox
              goodsId={goodsId}
              price={price}
              oldPrice={oldPrice}
              showDiscountBadge={priceBadge}
              inStock={goods?.inStock ?? true}
              shareTitle={promo.title}
              sharePath={path}
              priceNote={dates}
            />
          ) : (
            <div className="product-page__buy" data-toast-avoid>
              {price !== undefined && <Price price={price} oldPrice={oldPrice} showBadge={priceBadge} size="lg" />}
              {dates}
              <div className="product-page__actions">
                <ShareButton title={promo.title} path={path} />
              </div>
            </div>
          )}
          {goodsId !== null && goods && (
            <p className="promo-page__goods">
              <ButtonLink href={href('product', { product: goodsId, slug: goods.slug })} variant="ghost">
                Всё о товаре {quotedName(goods.name)}
              </ButtonLink>
            </p>
          )}
        </div>
      </div>
      <section className="product-page__about" aria-labelledby="about-title">
        <h2 id="about-title" className="visually-hidden">
          Об акции
        </h2>
        <Tabs items={tabs} label="Информация об акции" className="product-page__tabs" />
      </section>
      {goodsId !== null && goods?.inStock && <NearScreen key={goodsId} load={loadWhereToBuy} props={{ goodsId }} />}
      {goodsId !== null && <ReviewsSection goodsId={goodsId} knownCount={goods?.reviewsCount} />}
    </article>
  )
}
