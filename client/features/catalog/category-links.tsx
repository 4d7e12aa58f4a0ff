/** `<CategoryLinks items>`: chips linking to categories (subcategories of a group, siblings of a category). */
import type { CategoryLinkShape } from '#shared/queries/views.ts'
import { href } from '#shared/routing/href.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'

/** Category chips; the current one is marked. */
export function CategoryLinks({
  items,
  currentId,
  label,
}: {
  items: readonly CategoryLinkShape[]
  currentId?: number | undefined
  label: string
}) {
  if (items.length === 0) return null
  return (
    <nav className="category-links" aria-label={label}>
      <ul className="chips">
        {items.map((item) => (
          <li key={item.id}>
            <PrefetchLink
              href={href('catalog-category', { category: item.id, slug: item.slug })}
              className="chip"
              aria-current={item.id === currentId ? 'page' : undefined}
            >
              {item.name}
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
