/** Popular item (route popular): a curated publication and its goods. */
import type { popularPage } from '#shared/routes/product.ts'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { ProductCard } from '#client/features/catalog/product-card.tsx'
import { useFavorites } from '#client/features/product/use-favorites.ts'
import type { ViewProps } from '../registry.ts'

/** A publication. */
export function Page({ queries }: ViewProps<'popular', typeof popularPage>) {
  const { data: item } = useQuery(queries.publication)
  const favorites = useFavorites()
  if (!item) return null
  return (
    <article className="publication">
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: item.title }]} />
      <header className="publication__hero">
        <img
          className="publication__image"
          src={item.image.url}
          width={item.image.width}
          height={item.image.height}
          alt=""
        />
        <div className="publication__text">
          <h1 className="page-title">{item.title}</h1>
          <p className="page-subtitle">{item.subtitle}</p>
        </div>
      </header>
      <div className="text-content">
        {item.sections.map((section, index) => (
          <section key={index} className="text-section">
            {/* A section named like the publication would repeat the page heading. */}
            {section.heading !== item.title && <h2 className="text-section__title">{section.heading}</h2>}
            {section.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ))}
      </div>
      {item.goods.length > 0 && (
        <section aria-labelledby="publication-goods">
          <h2 id="publication-goods" className="section-title">
            Товары подборки
          </h2>
          <ul className="product-grid">
            {item.goods.map((goods) => (
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
