/**
 * Search results (route search): goods by text (and brand), sorted and paged, with the query kept in
 * the history; a text typed in the wrong keyboard layout that finds nothing shows the goods of the
 * switched text. Without results: what the shopper may have meant, the popular searches and goods
 * (search-help.tsx, loaded then). Chips of the found goods' categories narrow it (UX3-18). The empty search shows the popular searches from the server's data.
 */
import { useEffect } from 'react'
import { searchHasCriteria, searchTextOf, shownSearchText, type searchPage } from '#shared/routes/site.ts'
import { listStateFromSearch, searchCategoryOf } from '#shared/queries/catalog.ts'
import type { CategoryLinkShape } from '#shared/queries/views.ts'
import { href } from '#shared/routing/href.ts'
import { NearScreen } from '#client/components/near-screen.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { GoodsList } from '#client/features/catalog/goods-list.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { rememberSearch } from '#client/features/search/search-history.ts'
import type { ViewProps } from '../registry.ts'

const loadRecent = () => import('#client/features/recent/recent-rail.tsx').then((module) => module.RecentRail)
const loadHelp = () => import('#client/features/search/search-help.tsx').then((module) => module.SearchHelp)

/** The search page. */
export function Page({ search, queries }: ViewProps<'search', typeof searchPage>) {
  const typed = searchTextOf(search)
  const brands = listStateFromSearch(search).brand
  const empty = !searchHasCriteria(search)
  const { data: popular } = useQuery(empty && queries.popular ? queries.popular : null)
  const { data: found } = useQuery(queries.goods ?? null)
  const { data: switched } = useQuery(queries.switched ?? null)
  const { data: categories } = useQuery(queries.categories ?? null)
  const categoryId = searchCategoryOf(search)
  // «rhtv» finds nothing: the page shows «крем», the same keys in the Russian layout (UX4-06).
  const q = shownSearchText(typed, found, switched)

  useEffect(() => {
    if (q) rememberSearch(q)
  }, [q])

  if (empty) {
    return (
      <div className="search-page search-page--bare">
        <h1 className="page-title">Поиск</h1>
        <EmptyState
          title="Что вы ищете?"
          text="Введите название товара, бренда или категории в поле поиска."
          icon="search"
          headingLevel={2}
        />
        {popular && popular.items.length > 0 && (
          <section className="search-page__popular" aria-labelledby="search-popular">
            <h2 id="search-popular" className="section-title">
              Часто ищут
            </h2>
            <ul className="chips">
              {popular.items.map((item) => (
                <li key={item.text}>
                  <PrefetchLink href={href('search', {}, { q: item.text })} className="chip" prefetch={false}>
                    {item.text}
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </section>
        )}
        <NearScreen load={loadRecent} props={{ place: 'search' }} />
      </div>
    )
  }
  return (
    <div className="search-page">
      <header className="page-header">
        <h1 className="page-title">
          {q ? (
            <>
              Результаты поиска <span className="search-page__query break-anywhere">«{q}»</span>
            </>
          ) : brands.length > 0 ? (
            'Товары бренда'
          ) : (
            'Подборка товаров'
          )}
        </h1>
        {q !== typed && (
          <p className="search-page__switched text-muted">
            Исправили раскладку: вы ввели «<span className="break-anywhere">{typed}</span>»
          </p>
        )}
      </header>
      {q === typed && categories && <CategoryChips q={q} categories={categories} current={categoryId} />}
      <GoodsList
        scope={{ q, categoryId }}
        search={search}
        basePath={href('search')}
        keep={{ q, category: categoryId === undefined ? undefined : String(categoryId) }}
        whenEmpty={
          q ? (
            // Its place is kept from the first paint, so the help does not push the footer when it arrives.
            <div className="search-help-slot">
              <NearScreen load={loadHelp} props={{ q }} />
            </div>
          ) : undefined
        }
      />
    </div>
  )
}

/**
 * The categories of the found goods as chips (UX3-18): «Все» and up to six categories, most goods
 * first; a chip narrows the search to its category (`?category=`), sort and filters start afresh.
 * Shown when the goods span more than one category, or the search is narrowed.
 */
function CategoryChips({
  q,
  categories,
  current,
}: {
  q: string
  categories: readonly CategoryLinkShape[]
  current: number | undefined
}) {
  if (categories.length < 2 && current === undefined) return null
  const chip = (key: string, text: string, category: number | undefined) => (
    <li key={key}>
      <PrefetchLink
        href={href('search', {}, category === undefined ? { q } : { q, category: String(category) })}
        className="chip"
        aria-current={category === current ? 'page' : undefined}
        prefetch={false}
      >
        {text}
      </PrefetchLink>
    </li>
  )
  return (
    <nav className="search-page__categories" aria-label="Категории найденных товаров">
      <ul className="chips">
        {chip('all', 'Все', undefined)}
        {categories.map((category) => chip(String(category.id), category.name, category.id))}
      </ul>
    </nav>
  )
}
