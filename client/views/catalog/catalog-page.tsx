/** Catalogue root (route catalog): the header slider, the category tree, every goods with filters, then brands by category. */
import type { catalogPage } from '#shared/routes/catalog.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { countLabel } from '#client/lib/format.ts'
import { useQuery } from '#client/data/use-query.ts'
import { BrandedCategoriesSection } from '#client/features/catalog/branded-categories.tsx'
import { GoodsList } from '#client/features/catalog/goods-list.tsx'
import { PromoTiles } from '#client/features/catalog/promo-tiles.tsx'
import { GOODS_FORMS } from '#client/features/catalog/list-texts.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import type { ViewProps } from '../registry.ts'

/** The catalogue root. */
export function Page({ search, queries }: ViewProps<'catalog', typeof catalogPage>) {
  const { data: tree } = useQuery(queries.tree)
  const { data: filters } = useQuery(queries.filters, { revalidateOnMount: false })
  // The header slider is a loader only when its constant is on.
  const { data: tiles } = useQuery(queries.tiles ?? null, { revalidateOnMount: false })
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: 'Каталог' }]} />
      <header className="page-header">
        <h1 className="page-title">Каталог</h1>
      </header>
      {tiles && <PromoTiles tiles={tiles} />}
      <section className="category-tree" aria-labelledby="catalog-categories">
        <h2 id="catalog-categories" className="section-title">
          Категории
        </h2>
        <ul className="category-tree__list">
          {tree?.items.map((group) => (
            <li key={group.id} className="category-tree__group">
              <PrefetchLink
                href={href('catalog-category', { category: group.id, slug: group.slug })}
                className="category-tree__head"
              >
                <img
                  className="category-tree__image"
                  src={group.image.url}
                  width={group.image.width}
                  height={group.image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <span className="category-tree__name">{group.name}</span>
                <span className="category-tree__count">{countLabel(group.goodsCount, GOODS_FORMS)}</span>
              </PrefetchLink>
              <ul className="category-tree__children">
                {group.children.map((child) => (
                  <li key={child.id}>
                    <PrefetchLink
                      href={href('catalog-category', { category: child.id, slug: child.slug })}
                      className="category-tree__child"
                    >
                      {child.name}
                    </PrefetchLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="catalog-all">
        <h2 id="catalog-all" className="section-title">
          Все товары
        </h2>
        <GoodsList scope={{}} search={search} basePath={href('catalog')} filters={filters} />
      </section>
      {/* Its data comes after hydration: below the goods, its arrival moves nothing on screen. */}
      <BrandedCategoriesSection />
    </div>
  )
}
