/** Article list (route articles). */
import { promoPageOf } from '#shared/routes/promotions.ts'
import type { articlesPage } from '#shared/routes/articles.ts'
import { ARTICLES_PAGE_SIZE } from '#shared/queries/articles.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { Pagination } from '#client/features/catalog/pagination.tsx'
import { ArticleCards } from '../home/static-blocks.tsx'
import type { ViewProps } from '../registry.ts'

/** Articles, newest first. */
export function Page({ search, queries }: ViewProps<'articles', typeof articlesPage>) {
  const page = promoPageOf({ search })
  const { data } = useQuery(queries.articles)
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ARTICLES_PAGE_SIZE))
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: 'Статьи' }]} />
      <header className="page-header">
        <h1 className="page-title">Полезные статьи</h1>
      </header>
      {data && <ArticleCards items={data.items} headingLevel={2} />}
      <Pagination
        page={page}
        pages={pages}
        pathFor={(n) => (n > 1 ? `${href('articles')}?page=${n}` : href('articles'))}
      />
    </div>
  )
}
