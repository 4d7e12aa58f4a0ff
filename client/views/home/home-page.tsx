/**
 * Home page (route main): every block of spec section 1. Each block's call is optional: a failed one
 * is left out (and not retried on hydration); ad slots only with `adfoxOwnerId`; the registration
 * promo only for anonymous visitors.
 */
import type { SWRConfiguration } from 'swr'
import type { mainPage } from '#shared/routes/site.ts'
import { SITE_NAME } from '#shared/constants.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useQuery, type QueryRef } from '#client/data/use-query.ts'
import { useFavorites } from '#client/features/product/use-favorites.ts'
import type { ViewProps } from '../registry.ts'
import {
  AdSlotView, ArticleCards, BannerCard, BannerSlider, BrandsBlockView, CategoriesBlock, GoodsRail, PopularBlock, RegistrationPromo,
  Section, TickerBlock,
} from './home-blocks.tsx'

const BLOCK: SWRConfiguration = { revalidateOnMount: false }
const useBlock = <T,>(query: QueryRef<T> | null): T | undefined => useQuery<T>(query, BLOCK).data

/** The home page. */
export function Page({ queries }: ViewProps<'main', typeof mainPage>) {
  const { config, session } = useApp()
  const favorites = useFavorites()
  const ticker = useBlock(queries.ticker)
  const slider = useBlock(queries.slider)
  const popular = useBlock(queries.popular)
  const specials = useBlock(queries.specials)
  const categories = useBlock(queries.categories)
  const newArrival = useBlock(queries.newArrival)
  const loyalty = useBlock(queries.loyalty)
  const exclusive = useBlock(queries.exclusive)
  const gifts = useBlock(queries.gifts)
  const articles = useBlock(queries.articles)
  const brands = useBlock(queries.brands)
  const bottomSlider = useBlock(queries.bottomSlider)
  const registration = useBlock(queries.registration)
  const ads = useBlock(config.adfoxOwnerId ? queries.ads : null)
  const adsAt = (placement: 'top' | 'middle' | 'bottom') =>
    config.adfoxOwnerId ? ads?.items.filter((slot) => slot.placement === placement).map((slot) => <AdSlotView key={slot.id} slot={slot} />) : null

  return (
    <div className="home">
      <h1 className="visually-hidden">{SITE_NAME} — косметика и товары для дома</h1>
      {ticker && <TickerBlock ticker={ticker} />}
      {slider && <BannerSlider banners={slider.items} label="Главные предложения" />}
      {adsAt('top')}
      {popular && popular.items.length > 0 && <PopularBlock block={popular} />}
      {specials && <GoodsRail id="home-specials" block={specials} favorites={favorites} />}
      {categories && categories.items.length > 0 && <CategoriesBlock block={categories} />}
      {newArrival && <GoodsRail id="home-new" block={newArrival} favorites={favorites} />}
      {loyalty?.items[0] && (
        <section className="section" aria-label="Программа лояльности">
          <BannerCard banner={loyalty.items[0]} />
        </section>
      )}
      {adsAt('middle')}
      {exclusive && <GoodsRail id="home-exclusive" block={exclusive} favorites={favorites} />}
      {gifts && <GoodsRail id="home-gifts" block={gifts} favorites={favorites} />}
      {articles && articles.items.length > 0 && (
        <Section id="home-articles" title={articles.title} more={href('articles')}>
          <ArticleCards items={articles.items.slice(0, 4)} />
        </Section>
      )}
      {brands && brands.items.length > 0 && <BrandsBlockView block={brands} />}
      {bottomSlider && <BannerSlider banners={bottomSlider.items} label="Ещё предложения" size="md" />}
      {!session.authorized && <RegistrationPromo banner={registration?.items[0]} />}
      {adsAt('bottom')}
    </div>
  )
}
