/** Promotions catalogue (route promo-catalog). */
import { promoPageOf } from '#shared/pages/promotions.ts'
import { promotionCategoriesQuery } from '#shared/queries/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import type { PageProps } from '../registry.ts'
import { PromoList } from './promo-list.tsx'

/** All promotions. */
export function Page({ search }: PageProps) {
  const { data: categories } = useQuery(promotionCategoriesQuery())
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: 'Акции' }]} />
      <header className="page-header">
        <h1 className="page-title">Акции и скидки</h1>
      </header>
      <PromoList categories={categories?.items ?? []} page={promoPageOf({ search })} basePath={href('promo-catalog')} />
    </div>
  )
}
