/** Promotions category (route promo-catalog-category). */
import { promoPageOf, type promoCatalogCategoryPage } from '#shared/routes/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import type { ViewProps } from '../registry.ts'
import { PromoList } from './promo-list.tsx'

/** The promotions of one category. */
export function Page({
  params,
  search,
  queries,
}: ViewProps<'promo-catalog-category', typeof promoCatalogCategoryPage>) {
  const categoryId = params.category
  const { data: categories } = useQuery(queries.categories)
  const category = categories?.items.find((item) => item.id === categoryId)
  const name = category?.name ?? 'Акции'
  const basePath = category
    ? href('promo-catalog-category', { category: category.id, categorySlug: category.slug })
    : href('promo-catalog')
  return (
    <div className="catalog-page">
      <Breadcrumbs
        items={[{ label: 'Главная', href: '/' }, { label: 'Акции', href: href('promo-catalog') }, { label: name }]}
      />
      <header className="page-header">
        <h1 className="page-title">Акции: {name}</h1>
      </header>
      <PromoList
        categories={categories?.items ?? []}
        categoryId={categoryId}
        page={promoPageOf({ search })}
        basePath={basePath}
        query={queries.promotions}
      />
    </div>
  )
}
