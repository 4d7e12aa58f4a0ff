/** One article (route article): its sections and the goods it mentions. */
import type { articlePage } from '#shared/routes/articles.ts'
import { href } from '#shared/routing/href.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { formatDate } from '#client/lib/format-date.ts'
import { useQuery } from '#client/data/use-query.ts'
import { ProductCard } from '#client/features/catalog/product-card.tsx'
import { useFavorites } from '#client/features/product/use-favorites.ts'
import type { ViewProps } from '../registry.ts'

/** An article. */
export function Page({ queries }: ViewProps<'article', typeof articlePage>) {
  const { data: article } = useQuery(queries.article)
  const favorites = useFavorites()
  if (!article) return null
  return (
    <article className="article-page">
      <Breadcrumbs
        items={[{ label: 'Главная', href: '/' }, { label: 'Статьи', href: href('articles') }, { label: article.title }]}
      />
      <div className="container--text article-page__body">
        <h1 className="page-title break-anywhere">{article.title}</h1>
        <p className="article-page__meta text-muted">
          {article.author} · <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> ·{' '}
          {article.readingMinutes} мин чтения
        </p>
        <img
          className="article-page__image"
          src={article.image.url}
          width={article.image.width}
          height={article.image.height}
          alt=""
          fetchPriority="high"
        />
        <p className="article-page__lead">{article.excerpt}</p>
        <div className="prose">
          {article.sections.map((section, index) => (
            <section key={index}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
      {article.goods.length > 0 && (
        <section className="section" aria-labelledby="article-goods">
          <h2 id="article-goods" className="section-title">
            Товары из статьи
          </h2>
          <ul className="product-grid">
            {article.goods.map((goods) => (
              <li key={goods.id}>
                <ProductCard goods={goods} favorites={favorites} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}
