/** Catalogue category (route catalog-category): breadcrumbs, subcategories, the header slider and the goods list. */
import { CATALOG_COMMERCE_HEADER_BANNER, CATALOG_COMMERCE_HEADER_SLIDER } from '#shared/constants.ts'
import { categoryPlaceQuery, goodsFiltersQuery, promoTilesQuery } from '#shared/queries/catalog.ts'
import { bannersQuery } from '#shared/queries/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs, type BreadcrumbItem } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { CategoryLinks } from '#client/features/catalog/category-links.tsx'
import { GoodsList } from '#client/features/catalog/goods-list.tsx'
import { PromoTiles } from '#client/features/catalog/promo-tiles.tsx'
import type { PageProps } from '../registry.ts'

/** One category. */
export function Page({ params, search }: PageProps) {
  const categoryId = params.category as number
  const { data: place } = useQuery(categoryPlaceQuery(categoryId))
  const { data: filters } = useQuery(goodsFiltersQuery(categoryId), { revalidateOnMount: false })
  const { data: tiles } = useQuery(CATALOG_COMMERCE_HEADER_SLIDER ? promoTilesQuery() : null, { revalidateOnMount: false })
  const { data: banners } = useQuery(CATALOG_COMMERCE_HEADER_BANNER ? bannersQuery('main-slider') : null, { revalidateOnMount: false })
  const found = place ?? undefined
  const name = found?.category.name ?? 'Каталог'
  const basePath = found ? href('catalog-category', { category: found.category.id, slug: found.category.slug }) : href('catalog')
  const crumbs: BreadcrumbItem[] = [{ label: 'Главная', href: '/' }, { label: 'Каталог', href: href('catalog') }]
  if (found?.group) crumbs.push({ label: found.group.name, href: href('catalog-category', { category: found.group.id, slug: found.group.slug }) })
  crumbs.push({ label: name })
  const banner = banners?.items[0]
  return (
    <div className="catalog-page">
      <Breadcrumbs items={crumbs} />
      <header className="page-header">
        <h1 className="page-title">{name}</h1>
      </header>
      {banner && (
        <a className="catalog-banner" href={banner.url}>
          <img src={banner.image.url} width={banner.image.width} height={banner.image.height} alt={banner.title} />
        </a>
      )}
      {found && (
        <CategoryLinks
          items={found.links}
          currentId={categoryId}
          label={found.group ? `Другие категории раздела ${found.group.name}` : 'Подкатегории'}
        />
      )}
      {tiles && <PromoTiles tiles={tiles} />}
      <GoodsList scope={{ categoryId }} search={search} basePath={basePath} filters={filters} />
    </div>
  )
}
