/**
 * Home page (route main): every block of spec section 1. Each block's call is optional: a failed one
 * is left out (and not retried on hydration); ad slots only with `adfoxOwnerId`; the registration
 * promo only for anonymous visitors. The goods rails hydrate; the blocks without state keep the
 * server's HTML (static-blocks.tsx, kept parts), and the ad slots are a lazy part.
 */
import type { ReactNode } from 'react'
import type { SWRConfiguration } from 'swr'
import type { mainPage } from '#shared/routes/site.ts'
import { SITE_NAME } from '#shared/constants.ts'
import { lazyPart } from '#client/components/lazy-part.tsx'
import { NearScreen } from '#client/components/near-screen.tsx'
import { useApp, useConfig } from '#client/context/app-context.tsx'
import { useQuery, type QueryRef } from '#client/data/use-query.ts'
import { keptHtml } from '#client/features/prefetch/kept-html.tsx'
import type { ViewProps } from '../registry.ts'
import { GoodsRail } from './home-blocks.tsx'

const BLOCK: SWRConfiguration = { revalidateOnMount: false }
const useBlock = <T,>(query: QueryRef<T> | null): T | undefined => useQuery<T>(query, BLOCK).data

const { KeptPart, preload: loadStaticBlocks } = keptHtml(() => import('./static-blocks.tsx'))
const loadRecent = () => import('#client/features/recent/recent-rail.tsx').then((module) => module.RecentRail)
const ads = lazyPart(() => import('./ad-slot.tsx').then((module) => module.AdSlotBox))

/**
 * The code the page renders from other chunks, which the registry awaits with this module: the
 * server's render needs all of it; hydrating, the browser keeps the blocks' HTML and needs only the
 * ad slots the server rendered; a client navigation renders the blocks (the ad slots appear when their
 * code is in).
 */
export function ready(): Promise<unknown> | undefined {
  if (import.meta.env.SSR) return Promise.all([loadStaticBlocks(), ads.preload()])
  if (document.documentElement.dataset.hydrated) return loadStaticBlocks()
  return document.querySelector('.ad-slot') ? ads.preload() : undefined
}

/**
 * The home page. It reads the config alone, not the session: signing in renders the parts that depend
 * on it (the rails' hearts and cart buttons, the registration promo), not the page's every block.
 */
export function Page({ queries }: ViewProps<'main', typeof mainPage>) {
  const config = useConfig()
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
  const adSlots = useBlock(config.adfoxOwnerId ? queries.ads : null)
  const adsAt = (placement: 'top' | 'middle' | 'bottom') =>
    config.adfoxOwnerId
      ? adSlots?.items
          .filter((slot) => slot.placement === placement)
          .map((slot) => <ads.Part key={slot.id} slot={slot} />)
      : null

  return (
    <div className="home">
      <h1 className="visually-hidden">{SITE_NAME} — косметика и товары для дома</h1>
      {ticker && ticker.items.length > 0 && <KeptPart part="TickerBlock" props={{ ticker }} />}
      {slider && slider.items.length > 0 && <KeptPart part="MainSlider" props={{ banners: slider.items }} />}
      {adsAt('top')}
      {popular && popular.items.length > 0 && <KeptPart part="PopularBlock" props={{ block: popular }} />}
      {specials && <GoodsRail id="home-specials" block={specials} />}
      {categories && categories.items.length > 0 && <KeptPart part="CategoriesBlock" props={{ block: categories }} />}
      {newArrival && <GoodsRail id="home-new" block={newArrival} />}
      <NearScreen load={loadRecent} />
      {loyalty?.items[0] && <KeptPart part="LoyaltyBlock" props={{ banner: loyalty.items[0] }} />}
      {adsAt('middle')}
      {exclusive && <GoodsRail id="home-exclusive" block={exclusive} />}
      {gifts && <GoodsRail id="home-gifts" block={gifts} />}
      {articles && articles.items.length > 0 && <KeptPart part="ArticlesBlockView" props={{ block: articles }} />}
      {brands && brands.items.length > 0 && <KeptPart part="BrandsBlockView" props={{ block: brands }} />}
      {bottomSlider && bottomSlider.items.length > 0 && (
        <KeptPart part="BottomSlider" props={{ banners: bottomSlider.items }} />
      )}
      <ForVisitors>
        <KeptPart part="RegistrationPromo" props={{ banner: registration?.items[0] }} />
      </ForVisitors>
      {adsAt('bottom')}
    </div>
  )
}

/** Its children for an anonymous visitor only. */
function ForVisitors({ children }: { children: ReactNode }) {
  return useApp().session.authorized ? null : children
}
