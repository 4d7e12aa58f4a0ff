/**
 * The home page's blocks that hydrate: the goods rails (they show more cards on demand) with their
 * section frame and links (static-blocks.tsx writes the same two for the blocks without state, so
 * that this module stays in the home page's one chunk).
 */
import { useEffect, useRef, useState, type AnchorHTMLAttributes, type ReactNode } from 'react'
import type { GoodsBlockShape } from '#shared/queries/views.ts'
import { Button } from '#client/components/ui/index.ts'
import { ProductCard } from '#client/features/catalog/product-card.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import type { FavoritesApi } from '#client/features/product/use-favorites.ts'

const internal = (url: string) => url.startsWith('/') && !url.startsWith('//')

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  url: string
  label?: string | undefined
}

/** A link to a storefront path (client-side, prefetched) or to an absolute address (plain). */
function SmartLink({ url, label, ...rest }: SmartLinkProps) {
  return internal(url) ? (
    <PrefetchLink href={url} aria-label={label} {...rest} />
  ) : (
    <a href={url} aria-label={label} {...rest} />
  )
}

/** A titled home section with an optional 'Смотреть все' link. */
function Section({
  id,
  title,
  more,
  children,
}: {
  id: string
  title: string
  more?: string | null | undefined
  children: ReactNode
}) {
  return (
    <section className="section home-section" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {more && (
          <SmartLink url={more} className="section__more">
            Смотреть все
          </SmartLink>
        )}
      </div>
      {children}
    </section>
  )
}

/**
 * Cards a home rail renders at first: a wide screen's row of five; the rest follow when the shopper
 * scrolls the rail or presses "Показать ещё" (the tile after them, reached by scrolling). Keeps the
 * home page's DOM within its budget (DESIGN.md section 5: 900 elements) with four rails of twelve goods.
 */
export const RAIL_INITIAL_CARDS = 5

/** A rail of goods cards: the first `RAIL_INITIAL_CARDS`, all of them once the shopper asks. */
export function GoodsRail({ id, block, favorites }: { id: string; block: GoodsBlockShape; favorites: FavoritesApi }) {
  const [expanded, setExpanded] = useState<'no' | 'scroll' | 'button'>('no')
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    // The button that had focus is gone: focus moves to the first card it revealed.
    if (expanded === 'button') list.current?.children[RAIL_INITIAL_CARDS]?.querySelector('a')?.focus()
  }, [expanded])
  if (block.items.length === 0) return null
  const shown = expanded === 'no' ? block.items.slice(0, RAIL_INITIAL_CARDS) : block.items
  const rest = block.items.length - shown.length
  return (
    <Section id={id} title={block.title} more={block.url}>
      <ul ref={list} className="product-rail" onScroll={rest > 0 ? () => setExpanded('scroll') : undefined}>
        {shown.map((goods, index) => (
          <li key={goods.id}>
            <ProductCard goods={goods} favorites={favorites} position={index} list={`main.${id}`} />
          </li>
        ))}
        {rest > 0 && (
          <li className="product-rail__more">
            <Button variant="secondary" size="md" onClick={() => setExpanded('button')}>
              Показать ещё {rest}
            </Button>
          </li>
        )}
      </ul>
    </Section>
  )
}
