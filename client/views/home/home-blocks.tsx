/** The home page's blocks that hydrate: the goods rails (they show more cards on demand) in their sections. */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { GoodsBlockShape } from '#shared/queries/views.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ProductCard } from '#client/features/catalog/product-card.tsx'
import { useFavorites } from '#client/features/product/use-favorites.ts'
import { SectionHeader } from './home-section.tsx'

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
      <SectionHeader id={id} title={title} more={more} />
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
export function GoodsRail({ id, block }: { id: string; block: GoodsBlockShape }) {
  const favorites = useFavorites()
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
