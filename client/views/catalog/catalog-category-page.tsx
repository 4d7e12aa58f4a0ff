/** Catalogue category (route catalog-category): breadcrumbs, subcategories, the header slider and the goods list. */
import type { catalogCategoryPage } from '#shared/routes/catalog.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs, type BreadcrumbItem } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { CategoryLinks } from '#client/features/catalog/category-links.tsx'
import { GoodsList } from '#client/features/catalog/goods-list.tsx'
import { PromoTiles } from '#client/features/catalog/promo-tiles.tsx'
import type { ViewProps } from '../registry.ts'

/** One category. */
export function Page({ params, search, queries }: ViewProps<'catalog-category', typeof catalogCategoryPage>) {
  const categoryId = params.category
  const { data: place } = useQuery(queries.place)
  const { data: filters } = useQuery(queries.filters, { revalidateOnMount: false })
  // The header slider and banner are loaders only when their constants are on.
  const { data: tiles } = useQuery(queries.tiles ?? null, { revalidateOnMount: false })
  const { data: banners } = useQuery(queries.banner ?? null, { revalidateOnMount: false })
  const found = place ?? undefined
  const name = found?.category.name ?? 'Каталог'
  const basePath = found
    ? href('catalog-category', { category: found.category.id, slug: found.category.slug })
    : href('catalog')
  const crumbs: BreadcrumbItem[] = [
    { label: 'Главная', href: '/' },
    { label: 'Каталог', href: href('catalog') },
  ]
  if (found?.group)
    crumbs.push({
      label: found.group.name,
      href: href('catalog-category', { category: found.group.id, slug: found.group.slug }),
    })
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
