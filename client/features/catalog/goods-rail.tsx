/**
 * `<CardRail>`: a titled, swipeable row of standard product cards for the rails that load after
 * hydration («Похожие товары», «Вы смотрели»). Each card sends its own `product_card_click` with the
 * list and position; `onOpen` adds the rail's event for the same click. A rail that mounts after
 * hydration draws its first screen of cards first and the rest a few per frame (use-stepped-count.ts):
 * «Похожие товары» coming near the screen as a product's reviews open was one frame of 11 cards.
 */
import type { ReactNode } from 'react'
import type { GoodsCardShape } from '#shared/queries/views.ts'
import { useSteppedCount } from '#client/components/use-stepped-count.ts'
import { ProductCard } from './product-card.tsx'
import { useFavorites } from '#client/features/product/use-favorites.ts'

/** Props of `CardRail`. */
export interface CardRailProps {
  /** The heading's id (the section is labelled by it). */
  id: string
  title: string
  items: readonly GoodsCardShape[]
  /** The analytics list name of the cards. */
  list: string
  /** Called when the shopper opens a card, with the card and its index. */
  onOpen?: (goods: GoodsCardShape, index: number) => void
  /** Controls beside the heading («Очистить»). */
  actions?: ReactNode
}

/** The rail; nothing without items. */
export function CardRail({ id, title, items, list, onOpen, actions }: CardRailProps) {
  const favorites = useFavorites()
  const count = useSteppedCount(items.length, id)
  if (items.length === 0) return null
  return (
    <section className="section card-rail" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {actions}
      </div>
      <ul className="product-rail card-rail__list">
        {items.slice(0, count).map((goods, index) => (
          <li
            key={goods.id}
            // The card's link sends product_card_click itself; the rail adds its own event for the same click.
            onClickCapture={
              onOpen
                ? (event) => {
                    if ((event.target as Element).closest('.product-card__link')) onOpen(goods, index)
                  }
                : undefined
            }
          >
            <ProductCard goods={goods} favorites={favorites} position={index} list={list} />
          </li>
        ))}
      </ul>
    </section>
  )
}
