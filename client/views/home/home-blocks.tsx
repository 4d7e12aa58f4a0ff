/** The blocks of the home page: banners, goods rails, category tiles, articles, brands, ad slots, ticker. */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { ArticleCard } from '#shared/models/content.ts'
import type { AdSlot, BrandsBlock, CategoryTiles, PublicationsBlock, Ticker } from '#shared/models/main-page.ts'
import type { GoodsBlockView } from '#shared/queries/views.ts'
import type { Banner } from '#shared/models/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Button, ButtonLink } from '#client/components/ui/index.ts'
import { formatDate } from '#client/lib/format.ts'
import { ProductCard } from '#client/features/catalog/product-card.tsx'
import { positionParams, useAnalytics } from '#client/analytics/index.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { AdSlotBox } from './ad-slot.tsx'
import type { FavoritesApi } from '#client/features/product/use-favorites.ts'

const internal = (url: string) => url.startsWith('/') && !url.startsWith('//')

/** A link to a storefront path (client-side, prefetched) or to an absolute address (plain). */
export function SmartLink({ url, className, children, label, onClick }: { url: string; className?: string; children: ReactNode; label?: string; onClick?: () => void }) {
  return internal(url) ? (
    <PrefetchLink href={url} className={className} aria-label={label} onClick={onClick}>{children}</PrefetchLink>
  ) : (
    <a href={url} className={className} aria-label={label} onClick={onClick}>{children}</a>
  )
}

/** A titled home section with an optional 'Смотреть все' link. */
export function Section({ id, title, more, children }: { id: string; title: string; more?: string | null | undefined; children: ReactNode }) {
  return (
    <section className="section home-section" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id} className="section__title">{title}</h2>
        {more && <SmartLink url={more} className="section__more">Смотреть все</SmartLink>}
      </div>
      {children}
    </section>
  )
}

/** The running line of short news. */
export function TickerBlock({ ticker }: { ticker: Ticker }) {
  if (ticker.items.length === 0) return null
  return (
    <div className="ticker" role="region" aria-label="Новости">
      <ul className="ticker__list">
        {ticker.items.map((item) => (
          <li key={item.id} className="ticker__item">
            {item.url ? <SmartLink url={item.url}>{item.text}</SmartLink> : item.text}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A slider of banners (scroll-snap; the first of the main slider is the page's LCP image: eager, high priority). */
export function BannerSlider({ banners, label, size = 'lg' }: { banners: readonly Banner[]; label: string; size?: 'lg' | 'md' }) {
  if (banners.length === 0) return null
  return (
    <section className={`banner-slider banner-slider--${size}`} aria-label={label}>
      <ul className="banner-slider__list">
        {banners.map((banner, index) => (
          <li key={banner.id} className="banner-slider__item">
            <BannerCard banner={banner} eager={index === 0 && size === 'lg'} headingLevel={size === 'lg' && index === 0 ? 2 : 3} position={index} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** One banner: image and text panel. */
export function BannerCard({ banner, eager, headingLevel = 3, position }: { banner: Banner; eager?: boolean; headingLevel?: 2 | 3; position?: number }) {
  const { track } = useAnalytics()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="banner">
      <img
        className="banner__media"
        src={banner.image.url}
        width={banner.image.width}
        height={banner.image.height}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding={eager ? 'sync' : 'async'}
      />
      <div className="banner__body">
        <Heading className="banner__title">{banner.title}</Heading>
        {banner.subtitle && <p className="banner__text">{banner.subtitle}</p>}
        <SmartLink url={banner.url} className="btn btn--secondary btn--md" onClick={() => track('banner_click', { banner_id: String(banner.id), url: banner.url, ...(position === undefined ? {} : positionParams(position)) })}>{banner.buttonLabel ?? 'Подробнее'}</SmartLink>
      </div>
    </div>
  )
}

/**
 * Cards a home rail renders at first; the rest follow when the shopper scrolls the rail or presses
 * "Показать ещё" (the tile that then fills the fifth column on a wide screen). Keeps the home page's
 * DOM within its budget (DESIGN.md section 5: 900 elements) with four rails of twelve goods.
 */
export const RAIL_INITIAL_CARDS = 4

/** A rail of goods cards: the first `RAIL_INITIAL_CARDS`, all of them once the shopper asks. */
export function GoodsRail({ id, block, favorites }: { id: string; block: GoodsBlockView; favorites: FavoritesApi }) {
  const [expanded, setExpanded] = useState<'no' | 'scroll' | 'button'>('no')
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    // The button that had focus is gone: focus moves to the first card it revealed.
    if (expanded === 'button') list.current?.children[RAIL_INITIAL_CARDS]?.querySelector('a')?.focus()
  }, [expanded])
  if (block.items.length === 0) return null
  const shown = expanded === 'no' ? block.items.slice(0, RAIL_INITIAL_CARDS) : block.items
  const rest = block.items.length - shown.length
  return (
    <Section id={id} title={block.title} more={block.url}>
      <ul ref={list} className="product-rail" onScroll={rest > 0 ? () => setExpanded('scroll') : undefined}>
        {shown.map((goods, index) => (
          <li key={goods.id}>
            <ProductCard goods={goods} favorites={favorites} position={index} list={`main.${id}`} />
          </li>
        ))}
        {rest > 0 && (
          <li className="product-rail__more">
            <Button variant="secondary" size="md" onClick={() => setExpanded('button')}>
              Показать ещё {rest}
            </Button>
          </li>
        )}
      </ul>
    </Section>
  )
}

/** Category tiles. */
export function CategoriesBlock({ block }: { block: CategoryTiles }) {
  return (
    <Section id="home-categories" title={block.title} more={href('catalog')}>
      <ul className="category-tiles">
        {block.items.map((item) => (
          <li key={item.id}>
            <PrefetchLink href={href('catalog-category', { category: item.id, slug: item.slug })} className="category-tile">
              <img className="category-tile__image" src={item.image.url} width={item.image.width} height={item.image.height} alt="" loading="lazy" decoding="async" />
              <span className="category-tile__name">{item.name}</span>
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </Section>
  )
}

/** The popular block: publications (the first image is prioritised: the LCP element on a phone). */
export function PopularBlock({ block }: { block: PublicationsBlock }) {
  return (
    <Section id="home-popular" title={block.title}>
      <ul className="rail">
        {block.items.map((item, index) => (
          <li key={item.id}>
            <PrefetchLink href={href('popular', { id: item.id, slug: item.slug })} className="story-card">
              <img
                className="story-card__image"
                src={item.image.url}
                width={item.image.width}
                height={item.image.height}
                alt=""
                // The first story is the largest image in a phone's first screen (its LCP element).
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              <span className="story-card__title">{item.title}</span>
              <span className="story-card__text">{item.subtitle}</span>
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </Section>
  )
}

/** Article cards (home block and article list). */
export function ArticleCards({ items, headingLevel = 3 }: { items: readonly ArticleCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="article-grid">
      {items.map((article) => (
        <li key={article.id}>
          <article className="article-card">
            <img className="article-card__image" src={article.image.url} width={article.image.width} height={article.image.height} alt="" loading="lazy" decoding="async" />
            <div className="article-card__body">
              <Heading className="article-card__title">
                <PrefetchLink href={href('article', { id: article.id, slug: article.slug })} className="article-card__link">{article.title}</PrefetchLink>
              </Heading>
              <p className="article-card__excerpt">{article.excerpt}</p>
              <p className="article-card__meta text-muted">
                <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> · {article.readingMinutes} мин
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

/** Brands. */
export function BrandsBlockView({ block }: { block: BrandsBlock }) {
  return (
    <Section id="home-brands" title={block.title}>
      <ul className="brand-list">
        {block.items.map((brand) => (
          <li key={brand.id}>
            <PrefetchLink href={href('search', {}, { brand: brand.slug })} className="brand-tile" prefetch={false}>
              <img src={brand.logo.url} width={brand.logo.width} height={brand.logo.height} alt="" loading="lazy" decoding="async" />
              <span className="brand-tile__name">{brand.name}</span>
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </Section>
  )
}

/** Advertising slots (rendered only when `adfoxOwnerId` is set): filled by the ad network (ad-slot.tsx). */
export function AdSlotView({ slot }: { slot: AdSlot }) {
  return <AdSlotBox slot={slot} />
}

/** The registration promo (anonymous visitors only). */
export function RegistrationPromo({ banner }: { banner: Banner | undefined }) {
  return (
    <section className="section registration-promo" aria-labelledby="home-registration">
      <div className="registration-promo__body">
        <h2 id="home-registration" className="section__title">{banner?.title ?? 'Станьте участником программы лояльности'}</h2>
        <p>{banner?.subtitle ?? 'Баллы за покупки, персональные скидки и подарки ко дню рождения.'}</p>
        <ButtonLink href={href('registration')} variant="primary">{banner?.buttonLabel ?? 'Зарегистрироваться'}</ButtonLink>
      </div>
    </section>
  )
}
