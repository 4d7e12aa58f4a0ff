/**
 * The promotions list shared by the promotions catalogue and its categories: one block of filters
 * whose rows say what they filter («Тип акции», «Раздел»), the cards and pagination.
 */
import type { ReactNode } from 'react'
import type { PromotionCategory, PromotionType, PromotionTypes, PromotionsPage } from '#shared/models/promotions.ts'
import { PROMOTIONS_PAGE_SIZE, promotionsQuery } from '#shared/queries/promotions.ts'
import { href } from '#shared/routing/href.ts'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { useQuery, type QueryRef } from '#client/data/use-query.ts'
import { Pagination } from '#client/features/catalog/pagination.tsx'
import { PromoCard } from '#client/features/catalog/promo-card.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'

/** The promotion kinds of `/v1/promotions/type` as filter chips; a kind without promotions is left out. */
export function PromoTypeFilter({
  types,
  current,
  basePath,
}: {
  types: PromotionTypes['items']
  current: PromotionType | undefined
  basePath: string
}) {
  return (
    <nav className="category-links promo-filters__row" aria-label="Тип акции">
      <p className="promo-filters__label" aria-hidden="true">
        Тип акции
      </p>
      <ul className="chips">
        <li>
          <PrefetchLink href={basePath} className="chip" aria-current={current === undefined ? 'page' : undefined}>
            Любой
          </PrefetchLink>
        </li>
        {types
          .filter((item) => item.count > 0)
          .map((item) => (
            <li key={item.type}>
              <PrefetchLink
                href={`${basePath}?type=${item.type}`}
                className="chip"
                aria-current={item.type === current ? 'page' : undefined}
              >
                {item.name} <span className="filters__count">{item.count}</span>
              </PrefetchLink>
            </li>
          ))}
      </ul>
    </nav>
  )
}

/**
 * The filters block (the kinds' row when given, then the sections) and one page of promotions
 * (`query` overrides the list, e.g. one kind).
 */
export function PromoList({
  categories,
  categoryId,
  page,
  basePath,
  query,
  kinds,
}: {
  categories: readonly PromotionCategory[]
  categoryId?: number | undefined
  page: number
  basePath: string
  /** A list, or null for a section the catalogue lacks (the page is then a 404). */
  query?: QueryRef<PromotionsPage | null> | undefined
  /** The «Тип акции» row (the promotions catalogue has it; a section page does not). */
  kinds?: ReactNode
}) {
  const { data } = useQuery(query ?? promotionsQuery(categoryId, page))
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PROMOTIONS_PAGE_SIZE))
  return (
    <>
      <div className="promo-filters" role="group" aria-label="Фильтры акций">
        {kinds}
        <nav className="category-links promo-filters__row" aria-label="Раздел">
          <p className="promo-filters__label" aria-hidden="true">
            Раздел
          </p>
          <ul className="chips">
            <li>
              <PrefetchLink
                href={href('promo-catalog')}
                className="chip"
                aria-current={categoryId === undefined ? 'page' : undefined}
              >
                Все разделы
              </PrefetchLink>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <PrefetchLink
                  href={href('promo-catalog-category', { category: category.id, categorySlug: category.slug })}
                  className="chip"
                  aria-current={category.id === categoryId ? 'page' : undefined}
                >
                  {category.name} <span className="filters__count">{category.count}</span>
                </PrefetchLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {data && data.items.length === 0 ? (
        <EmptyState
          title="Акций пока нет"
          text="Загляните позже — новые предложения появляются каждую неделю."
          icon="percent"
        />
      ) : (
        <ul className="product-grid promo-grid" aria-label="Акции">
          {data?.items.map((promotion, index) => (
            <li key={promotion.id}>
              <PromoCard promotion={promotion} position={(page - 1) * PROMOTIONS_PAGE_SIZE + index} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={pages}
        pathFor={(n) => (n > 1 ? `${basePath}${basePath.includes('?') ? '&' : '?'}page=${n}` : basePath)}
      />
    </>
  )
}
