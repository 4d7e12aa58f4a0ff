/** Promotions catalogue (route promo-catalog): categories, the promotion kinds as a filter, the list. */
import { promoPageOf, promoTypeOf, type promoCatalogPage } from '#shared/routes/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import type { ViewProps } from '../registry.ts'
import { PromoList, PromoTypeFilter } from './promo-list.tsx'

/** All promotions, or those of one kind (`?type=`). */
export function Page({ search, queries }: ViewProps<'promo-catalog', typeof promoCatalogPage>) {
  const { data: categories } = useQuery(queries.categories)
  const { data: types } = useQuery(queries.types)
  const type = promoTypeOf({ search })
  const basePath = href('promo-catalog')
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: 'Акции' }]} />
      <header className="page-header">
        <h1 className="page-title">Акции и скидки</h1>
      </header>
      <PromoList
        kinds={types && <PromoTypeFilter types={types.items} current={type} basePath={basePath} />}
        categories={categories?.items ?? []}
        page={promoPageOf({ search })}
        basePath={type ? `${basePath}?type=${type}` : basePath}
        query={queries.promotions}
      />
    </div>
  )
}
