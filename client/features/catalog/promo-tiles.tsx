/** `<PromoTiles tiles>`: the catalogue header slider of discounted selections (`CATALOG_COMMERCE_HEADER_SLIDER`). */
import type { PromoTileShape } from '#shared/queries/views.ts'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { CachedChildren } from '#client/components/fragment-cache.tsx'

/** A horizontally scrolling row of promo tiles (items and images styled through the list's and the tile's classes: fewer bytes per tile). */
export function PromoTiles({ tiles }: { tiles: readonly PromoTileShape[] }) {
  if (tiles.length === 0) return null
  // Every page of the catalogue shows the same tiles: the server keeps their HTML.
  return (
    <CachedChildren as="section" className="promo-tiles" aria-label="Акции и скидки" owner={tiles} variant="tiles">
      {() => (
        <ul className="promo-tiles__list">
          {tiles.map((tile) => (
            <li key={tile.id}>
              <PrefetchLink
                href={tile.url.startsWith('/') && !tile.url.startsWith('//') ? tile.url : '/promo-catalog'}
                className="promo-tile"
              >
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
      )}
    </CachedChildren>
  )
}
