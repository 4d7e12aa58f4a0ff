/**
 * The home page's blocks without state: the news ticker, the banner sliders (scroll-snap, no script),
 * the loyalty banner, the popular publications, the category tiles, the articles, the brands and the
 * registration promo. The server renders them; the browser keeps their HTML when hydrating and loads
 * this module only to render them afresh (home-page.tsx, `keptHtml`). Each puts `data-kept={kept}` on
 * its root element, and says in its links' attributes what the links' own handlers do (a banner's
 * event, a link that does not prefetch), so the kept HTML's handler does the same.
 */
import type { ReactNode } from 'react'
import type { ArticleCard } from '#shared/models/content.ts'
import type { ArticlesBlock, BrandsBlock, CategoryTiles, PublicationsBlock, Ticker } from '#shared/models/main-page.ts'
import type { Banner } from '#shared/models/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { formatDate } from '#client/lib/format-date.ts'
import { positionParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { CachedChildren } from '#client/components/fragment-cache.tsx'
import { SectionHeader, SmartLink } from './home-section.tsx'

/**
 * A titled home section with an optional 'Смотреть все' link, marked as a kept part's element. The
 * server keeps its HTML for the block's shared answer; `eager` says it preloads an
 * image, which kept HTML could not.
 */
function Section({
  id,
  title,
  more,
  kept,
  block,
  eager,
  children,
}: {
  id: string
  title: string
  more?: string | null | undefined
  kept?: string | undefined
  block: object
  eager?: boolean
  children: () => ReactNode
}) {
  return (
    <CachedChildren
      as="section"
      className="section home-section"
      aria-labelledby={id}
      data-kept={kept}
      owner={block}
      variant={id}
      personal={eager}
    >
      {() => (
        <>
          <SectionHeader id={id} title={title} more={more} />
          {children()}
        </>
      )}
    </CachedChildren>
  )
}

/** A text whose amounts never break inside: `2 000 ₽` keeps its groups and sign on one line. */
const keepAmounts = (text: string): string => text.replace(/(\d) (?=\d{3}\b|₽|%)/g, '$1\u00a0')

/** The running line of short news (the server keeps its HTML for the shared answer). */
export function TickerBlock({ ticker, kept }: { ticker: Ticker; kept?: string }) {
  return (
    <CachedChildren
      as="div"
      className="ticker"
      role="region"
      aria-label="Новости"
      data-kept={kept}
      owner={ticker}
      variant="ticker"
    >
      {() => (
        <ul className="ticker__list">
          {ticker.items.map((item) => (
            <li key={item.id} className="ticker__item">
              {item.url ? <SmartLink url={item.url}>{keepAmounts(item.text)}</SmartLink> : keepAmounts(item.text)}
            </li>
          ))}
        </ul>
      )}
    </CachedChildren>
  )
}

/** The main slider: the offers at the top of the page. */
export function MainSlider({ banners, kept }: { banners: readonly Banner[]; kept?: string }) {
  return <BannerSlider banners={banners} label="Главные предложения" kept={kept} />
}

/** The bottom slider: more offers, two at a time on a wide screen. */
export function BottomSlider({ banners, kept }: { banners: readonly Banner[]; kept?: string }) {
  return <BannerSlider banners={banners} label="Ещё предложения" size="md" kept={kept} />
}

/**
 * A slider of banners (scroll-snap; the first of the main slider is the page's LCP image: eager, high
 * priority, so only the bottom slider's HTML is kept by the server: fragment-cache.tsx).
 */
function BannerSlider({
  banners,
  label,
  size = 'lg',
  kept,
}: {
  banners: readonly Banner[]
  label: string
  size?: 'lg' | 'md'
  kept?: string
}) {
  return (
    <CachedChildren
      as="section"
      className={`banner-slider banner-slider--${size}`}
      aria-label={label}
      data-kept={kept}
      owner={banners}
      variant={size}
      personal={size === 'lg'}
    >
      {() => (
        <ul className="banner-slider__list">
          {banners.map((banner, index) => (
            <li key={banner.id} className="banner-slider__item">
              <BannerCard
                banner={banner}
                eager={index === 0 && size === 'lg'}
                headingLevel={size === 'lg' && index === 0 ? 2 : 3}
                position={index}
              />
            </li>
          ))}
        </ul>
      )}
    </CachedChildren>
  )
}

/** One banner: image and text panel; its link sends `banner_click`. */
function BannerCard({
  banner,
  eager,
  headingLevel = 3,
  position,
}: {
  banner: Banner
  eager?: boolean
  headingLevel?: 2 | 3
  position?: number
}) {
  const { track } = useAnalytics()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const params = {
    banner_id: String(banner.id),
    url: banner.url,
    ...(position === undefined ? {} : positionParams(position)),
  }
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
        <SmartLink
          url={banner.url}
          className="btn btn--secondary btn--md"
          onClick={() => track('banner_click', params)}
          data-track="banner_click"
          data-params={JSON.stringify(params)}
        >
          {banner.buttonLabel ?? 'Подробнее'}
        </SmartLink>
      </div>
    </div>
  )
}

/** The loyalty programme's banner. */
export function LoyaltyBlock({ banner, kept }: { banner: Banner; kept?: string }) {
  return (
    <section className="section" aria-label="Программа лояльности" data-kept={kept}>
      <BannerCard banner={banner} />
    </section>
  )
}

/** Category tiles. */
export function CategoriesBlock({ block, kept }: { block: CategoryTiles; kept?: string }) {
  return (
    <Section id="home-categories" title={block.title} more={href('catalog')} kept={kept} block={block}>
      {() => (
        <ul className="category-tiles">
          {block.items.map((item) => (
            <li key={item.id}>
              <PrefetchLink
                href={href('catalog-category', { category: item.id, slug: item.slug })}
                className="category-tile"
              >
                <img
                  className="category-tile__image"
                  src={item.image.url}
                  width={item.image.width}
                  height={item.image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <span className="category-tile__name">{item.name}</span>
              </PrefetchLink>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** The popular block: publications (the first image is prioritised: the LCP element on a phone). */
export function PopularBlock({ block, kept }: { block: PublicationsBlock; kept?: string }) {
  return (
    <Section id="home-popular" title={block.title} kept={kept} block={block} eager>
      {() => (
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
      )}
    </Section>
  )
}

/** The home page's articles: the first four, and the article list. */
export function ArticlesBlockView({ block, kept }: { block: ArticlesBlock; kept?: string }) {
  return (
    <Section id="home-articles" title={block.title} more={href('articles')} kept={kept} block={block}>
      {() => <ArticleCards items={block.items.slice(0, 4)} />}
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
            <img
              className="article-card__image"
              src={article.image.url}
              width={article.image.width}
              height={article.image.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <div className="article-card__body">
              <Heading className="article-card__title">
                <PrefetchLink
                  href={href('article', { id: article.id, slug: article.slug })}
                  className="article-card__link"
                >
                  {article.title}
                </PrefetchLink>
              </Heading>
              <p className="article-card__excerpt">{article.excerpt}</p>
              <p className="article-card__meta text-muted">
                <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> · {article.readingMinutes}{' '}
                мин
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

/** Brands (their searches are not prefetched). */
export function BrandsBlockView({ block, kept }: { block: BrandsBlock; kept?: string }) {
  return (
    <Section id="home-brands" title={block.title} kept={kept} block={block}>
      {() => (
        <ul className="brand-list">
          {block.items.map((brand) => (
            <li key={brand.id}>
              <PrefetchLink
                href={href('search', {}, { brand: brand.slug })}
                className="brand-tile"
                prefetch={false}
                data-prefetch="false"
              >
                <img
                  src={brand.logo.url}
                  width={brand.logo.width}
                  height={brand.logo.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <span className="brand-tile__name">{brand.name}</span>
              </PrefetchLink>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** The registration promo (anonymous visitors only); its link opens registration without prefetching it. */
export function RegistrationPromo({ banner, kept }: { banner: Banner | undefined; kept?: string }) {
  return (
    <section className="section registration-promo" aria-labelledby="home-registration" data-kept={kept}>
      <div className="registration-promo__body">
        <h2 id="home-registration" className="section__title">
          {banner?.title ?? 'Станьте участником программы лояльности'}
        </h2>
        <p>{banner?.subtitle ?? 'Баллы за покупки, персональные скидки и подарки ко дню рождения.'}</p>
        <ButtonLink href={href('registration')} variant="primary" data-prefetch="false">
          {banner?.buttonLabel ?? 'Зарегистрироваться'}
        </ButtonLink>
      </div>
    </section>
  )
}
