/**
 * Brands with the categories they sell in (`/v1/cosmetic-{product}/catalog/branded-goods-categories`)
 * on the catalogue page: each brand links to its top categories with the brand filter set. Loaded
 * after hydration (not in the page's data block, which stays within its budget); hidden on failure.
 */
import type { BrandedCategories } from '#shared/models/catalog.ts'
import { brandedCategoriesQuery } from '#shared/queries/catalog.ts'
import { href } from '#shared/routing/href.ts'
import { useQuery } from '#client/data/use-query.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'

/** Brands shown, those selling in the most categories first. */
export const BRANDS_SHOWN = 8
/** Categories shown per brand. */
export const CATEGORIES_PER_BRAND = 3

/** The brands worth showing: with categories, widest first, each with its largest categories. */
export function topBrands(items: BrandedCategories['items']): BrandedCategories['items'] {
  return items
    .filter((item) => item.categories.length > 0)
    .sort((a, b) => b.categories.length - a.categories.length || a.brand.name.localeCompare(b.brand.name, 'ru'))
    .slice(0, BRANDS_SHOWN)
    .map((item) => ({ ...item, categories: item.categories.slice(0, CATEGORIES_PER_BRAND) }))
}

/** The "Бренды в категориях" section; renders nothing until (and unless) the data arrives. */
export function BrandedCategoriesSection() {
  const { data } = useQuery(brandedCategoriesQuery(), { revalidateOnFocus: false })
  const brands = data ? topBrands(data.items) : []
  if (brands.length === 0) return null
  return (
    <section className="category-tree" aria-labelledby="catalog-brands">
      <h2 id="catalog-brands" className="section-title">
        Бренды в категориях
      </h2>
      <ul className="category-tree__list">
        {brands.map((item) => (
          <li key={item.brand.id} className="category-tree__group">
            <span className="category-tree__head">
              <img
                className="category-tree__image"
                src={item.logo.url}
                width={item.logo.width}
                height={item.logo.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="category-tree__name">{item.brand.name}</span>
            </span>
            <ul className="category-tree__children">
              {item.categories.map((category) => (
                <li key={category.id}>
                  <PrefetchLink
                    href={`${href('catalog-category', { category: category.id, slug: category.slug })}?brand=${encodeURIComponent(item.brand.slug)}`}
                    className="category-tree__child"
                  >
                    {category.name}
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
