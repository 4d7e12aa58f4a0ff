/** `<Pagination page total pathFor>`: real links to the pages of a list (first, last, and around the current one). */
import { Link } from 'wouter'

export interface PaginationProps {
  /** The current (last loaded) page. */
  page: number
  pages: number
  /** The URL of a page. */
  pathFor: (page: number) => string
  /** Pages shown as loaded (show more): all marked current. */
  firstLoaded?: number
}

/** Page numbers to show: 1, …, page-1, page, page+1, …, last. */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: Array<number | 'gap'> = []
  for (const n of sorted) {
    const prev = out[out.length - 1]
    if (typeof prev === 'number' && n - prev === 2) out.push(prev + 1)
    else if (typeof prev === 'number' && n - prev > 2) out.push('gap')
    out.push(n)
  }
  return out
}

/** Pagination navigation. */
export function Pagination({ page, pages, pathFor, firstLoaded = page }: PaginationProps) {
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 && (
        <Link
          href={pathFor(firstLoaded > 1 ? firstLoaded - 1 : page - 1)}
          className="pagination__link"
          aria-label="Предыдущая страница"
          rel="prev"
        >
          ‹
        </Link>
      )}
      {pageWindow(page, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            href={pathFor(item)}
            className="pagination__link"
            aria-label={`Страница ${item}`}
            aria-current={item === page ? 'page' : undefined}
          >
            {item}
          </Link>
        ),
      )}
      {page < pages && (
        <Link href={pathFor(page + 1)} className="pagination__link" aria-label="Следующая страница" rel="next">
          ›
        </Link>
      )}
    </nav>
  )
}
