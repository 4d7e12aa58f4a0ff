/** Goods page (routes product and product-reviews): gallery, price, actions, description tabs, reviews. */
import { useEffect, type AnchorHTMLAttributes } from 'react'
import { goodsOf, productPath, productTrail, type PlacedGoods } from '#shared/queries/goods.ts'
import type { productPage } from '#shared/routes/product.ts'
import { productParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { NearScreen } from '#client/components/near-screen.tsx'
import { Rating } from '#client/components/ui/rating.tsx'
import { Tabs, type TabItem } from '#client/components/ui/tabs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { followPlainClick } from '#client/lib/plain-click.ts'
import { whenIdle } from '#client/lib/when-idle.ts'
import { AgeGate } from '#client/features/age/age-gate.tsx'
import { LABEL_NAMES } from '#client/features/catalog/texts.ts'
import { Gallery } from '#client/features/product/gallery.tsx'
import { ProductBuyBox, paragraphs } from '#client/features/product/product-buy-box.tsx'
import { FeedbackPoll, SITE_POLL_ID } from '#client/features/polls/feedback-poll.tsx'
import { ReviewsSection } from '#client/features/product/reviews-section.tsx'
import type { QueriesOf, ViewProps } from '../registry.ts'

const loadWhereToBuy = () => import('#client/features/product/where-to-buy.tsx').then((module) => module.WhereToBuy)
const loadRelated = () => import('#client/features/product/related-goods.tsx').then((module) => module.RelatedGoods)

/**
 * A link between the goods' sections (about, reviews): a plain anchor whose plain click navigates in a
 * task after the tap's frame (`followPlainClick`, decision 032). wouter's `Link` navigated in the tap's
 * own task, which made it the interaction's longest.
 */
function SectionLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event)
        followPlainClick(event, href)
      }}
    />
  )
}

/** The reviews' heading: the rating and the «Отзывы» chip open the reviews scrolled to it. */
const REVIEWS_ANCHOR = 'reviews-title'
/** Where a sold-out goods page shows similar goods. */
const SIMILAR_ANCHOR = 'similar-goods'
/** The goods page. */
export function Page({ queries, routeName }: ViewProps<'product' | 'product-reviews', typeof productPage>) {
  const { data } = useQuery(queries.goods)
  const goods = goodsOf(data)
  if (!goods) return null
  return <GoodsView goods={goods} scoresQuery={queries.scores} reviews={routeName === 'product-reviews'} />
}

function GoodsView({
  goods,
  scoresQuery,
  reviews,
}: {
  goods: PlacedGoods
  scoresQuery: QueriesOf<typeof productPage>['scores']
  reviews: boolean
}) {
  const { data: scores } = useQuery(scoresQuery, { revalidateOnMount: false })
  const { track } = useAnalytics()
  useEffect(() => {
    track('product_view', productParams(goods))
  }, [goods, track])
  useEffect(() => {
    // The recently viewed list loads when the page is idle: nothing the page shows needs it. An effect
    // alone could run before the first paint when that paint is late (a busy phone), and its chunk would
    // then be one more request of code before first paint (e2e/budgets.spec.ts caught it in CI). Not
    // cancelled when the shopper moves on first: the product was viewed all the same.
    whenIdle(
      () =>
        void import('#client/features/recent/recent-goods.ts').then(({ rememberViewed, viewedCard }) =>
          rememberViewed(viewedCard(goods)),
        ),
    )
  }, [goods])

  const related = <NearScreen key={goods.id} load={loadRelated} props={{ goods }} />
  const rating = scores?.average ?? goods.rating
  const count = scores?.count ?? goods.reviewsCount
  const tabs: TabItem[] = [
    { id: 'description', label: 'Описание', content: paragraphs(goods.description).map((p, i) => <p key={i}>{p}</p>) },
  ]
  if (goods.composition) tabs.push({ id: 'composition', label: 'Состав', content: <p>{goods.composition}</p> })
  if (goods.usage)
    tabs.push({ id: 'usage', label: 'Применение', content: paragraphs(goods.usage).map((p, i) => <p key={i}>{p}</p>) })
  const specs: Array<[string, string]> = [
    ['Бренд', goods.brand.name],
    ['Артикул', String(goods.id)],
  ]
  if (goods.volume) specs.push(['Объём', goods.volume])
  if (goods.country) specs.push(['Страна', goods.country])
  tabs.push({
    id: 'specs',
    label: 'Характеристики',
    content: (
      <dl className="specs">
        {specs.map(([term, value]) => (
          <div key={term} className="specs__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    ),
  })

  return (
    <article className="product-page" data-goods-id={goods.id}>
      <AgeGate restricted={goods.ageRestricted} />
      <Breadcrumbs
        items={[...productTrail(goods).map((step) => ({ label: step.name, href: step.path })), { label: goods.name }]}
      />
      <div className="product-page__top">
        <Gallery images={goods.images} name={goods.name} goodsId={goods.id} />
        <div className="product-page__info">
          <p className="product-page__brand">{goods.brand.name}</p>
          <h1 className="product-page__title break-anywhere">{goods.name}</h1>
          <div className="product-page__meta">
            <SectionLink
              href={`${productPath(goods, true)}#${REVIEWS_ANCHOR}`}
              className="product-page__rating"
              onClick={() => track('product_reviews_click', { product_id: String(goods.id) })}
            >
              {count > 0 ? (
                <Rating value={rating} count={count} />
              ) : (
                <span className="text-muted product-page__no-reviews">Нет отзывов</span>
              )}
            </SectionLink>
            {goods.labels.length > 0 && (
              <span className="product-page__labels">
                {goods.labels.map((label) => (
                  <span key={label} className={`badge badge--${label}`}>
                    {LABEL_NAMES[label]}
                  </span>
                ))}
              </span>
            )}
            {goods.ageRestricted && <span className="badge badge--age">18+</span>}
            {/* The volume once: a name that ends with it says it already (and so do the specs). */}
            {goods.volume && !goods.name.includes(goods.volume) && (
              <span className="product-page__volume text-muted">Объём {goods.volume}</span>
            )}
          </div>
          <ProductBuyBox
            goodsId={goods.id}
            price={goods.price}
            oldPrice={goods.oldPrice}
            discountPercent={goods.discountPercent}
            inStock={goods.inStock}
            stock={goods.stock}
            shareTitle={goods.name}
            sharePath={productPath(goods)}
            trackParams={productParams(goods)}
            similarHref={`#${SIMILAR_ANCHOR}`}
          />
        </div>
      </div>
      {!goods.inStock && (
        // Sold out: the similar goods come first, where «Похожие товары» of the buy box leads.
        <div id={SIMILAR_ANCHOR} className="product-page__similar">
          {related}
        </div>
      )}
      <nav className="product-page__sections" aria-label="Разделы товара">
        <SectionLink href={productPath(goods)} className="chip" aria-current={!reviews ? 'page' : undefined}>
          О товаре
        </SectionLink>
        <SectionLink
          href={`${productPath(goods, true)}#${REVIEWS_ANCHOR}`}
          className="chip"
          aria-current={reviews ? 'page' : undefined}
        >
          Отзывы <span className="product-page__count">{count}</span>
        </SectionLink>
      </nav>
      {reviews ? (
        <ReviewsSection goodsId={goods.id} />
      ) : (
        <section className="product-page__about" aria-labelledby="about-title">
          <h2 id="about-title" className="visually-hidden">
            О товаре
          </h2>
          <Tabs items={tabs} label="Информация о товаре" className="product-page__tabs" />
        </section>
      )}
      {goods.inStock && <NearScreen key={`where-${goods.id}`} load={loadWhereToBuy} props={{ goodsId: goods.id }} />}
      {goods.inStock && related}
      <FeedbackPoll pollId={SITE_POLL_ID} objectType="site" objectId="site" />
    </article>
  )
}
