/** `<PromoTiles tiles>`: the catalogue header slider of discounted selections (`CATALOG_COMMERCE_HEADER_SLIDER`). */
import type { PromoTileView } from '#shared/queries/views.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'

/** A horizontally scrolling row of promo tiles (items and images styled through the list's and the tile's classes: fewer bytes per tile). */
export function PromoTiles({ tiles }: { tiles: readonly PromoTileView[] }) {
  if (tiles.length === 0) return null
  return (
    <section className="promo-tiles" aria-label="Акции и скидки">
      <ul className="promo-tiles__list">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <PrefetchLink href={tile.url.startsWith('/') && !tile.url.startsWith('//') ? tile.url : '/promo-catalog'} className="promo-tile">
              <img src={tile.image} alt="" loading="lazy" />
              <span>
                {tile.badge && <span className="badge badge--sale">{tile.badge}</span>}
                <b>{tile.title}</b>
                {tile.subtitle && <small>{tile.subtitle}</small>}
              </span>
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
