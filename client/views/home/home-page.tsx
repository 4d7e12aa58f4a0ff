/**
 * Home page (route main): every block of spec section 1. Each block's call is optional: a failed one
 * is left out (and not retried on hydration); ad slots only with `adfoxOwnerId`; the registration
 * promo only for anonymous visitors.
 */
import type { SWRConfiguration } from 'swr'
import type { Query } from '#shared/routing/query.ts'
import type { AdSlots } from '#shared/models/main-page.ts'
import {
  adSlotsQuery, exclusiveQuery, giftPackagesQuery, mainArticlesQuery, mainBrandsQuery, mainCategoriesQuery, newArrivalQuery,
  publicationsQuery, specialOffersQuery, tickerQuery,
} from '#shared/queries/main-page.ts'
import { bannersQuery } from '#shared/queries/promotions.ts'
import { SITE_NAME } from '#shared/constants.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/app/app-context.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { useFavorites } from '#client/features/product/use-favorites.ts'
import type { PageProps } from '../registry.ts'
import {
  AdSlotView, ArticleCards, BannerCard, BannerSlider, BrandsBlockView, CategoriesBlock, GoodsRail, PopularBlock, RegistrationPromo,
  Section, TickerBlock,
} from './home-blocks.tsx'

const BLOCK: SWRConfiguration = { revalidateOnMount: false }
const useBlock = <T,>(query: Query<T> | null): T | undefined => useQuery<T>(query, BLOCK).data

/** The home page. */
export function Page(_props: PageProps) {
  const { config, session } = useApp()
  const favorites = useFavorites()
  const ticker = useBlock(tickerQuery())
  const slider = useBlock(bannersQuery('main-slider'))
  const popular = useBlock(publicationsQuery())
  const specials = useBlock(specialOffersQuery())
  const categories = useBlock(mainCategoriesQuery())
  const newArrival = useBlock(newArrivalQuery())
  const loyalty = useBlock(bannersQuery('loyalty'))
  const exclusive = useBlock(exclusiveQuery())
  const gifts = useBlock(giftPackagesQuery())
  const articles = useBlock(mainArticlesQuery())
  const brands = useBlock(mainBrandsQuery())
  const bottomSlider = useBlock(bannersQuery('bottom-slider'))
  const registration = useBlock(bannersQuery('registration'))
  const ads = useBlock<AdSlots>(config.adfoxOwnerId ? adSlotsQuery() : null)
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
