/** `<Breadcrumbs items>`: the path to the current page (the last item is the page itself). */
import { Link } from 'wouter'

/** One step of the path; the last one has no `href`. */
export interface BreadcrumbItem {
  label: string
  href?: string
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[]
}

/** Breadcrumb navigation. */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  if (items.length === 0) return null
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <ol className="breadcrumbs__list">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={`${index}-${item.label}`} className="breadcrumbs__item">
              {item.href && !last ? (
                <Link href={item.href} className="breadcrumbs__link">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="breadcrumbs__current">
                  {item.label}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
