/**
 * `<StoreMap stores selectedCode onSelect tileUrl>`: the stores as clickable markers on a map.
 * Without a tile URL (the default, and offline) the background is an inline SVG "vector map": an
 * equirectangular projection fitted to the stores' box, with a coordinate grid. With
 * `config.mapTileUrl` set, the same markers lie on a simple layer of `{z}/{x}/{y}` image tiles.
 * Markers are real buttons (named by store, `aria-pressed` for the selected one), so the map works
 * with the keyboard and screen readers.
 */
import { useMemo } from 'react'
import { cx } from '#client/components/ui/class-names.ts'
import { boundsOf, fitEquirectangular, tileLayout, type LatLon, type Projector } from './geo.ts'

/** A store as the map needs it. */
export interface MapStore extends LatLon {
  code: string
  name: string
  address: string
}

/** Props of `StoreMap`. */
export interface StoreMapProps {
  stores: readonly MapStore[]
  selectedCode?: string | undefined
  onSelect: (code: string) => void
  /** The shopper's position ('near me'), drawn as a dot and included in the view. */
  userPoint?: LatLon | undefined
  /** Tile URL template (`https://tiles.example/{z}/{x}/{y}.png`); unset: the offline vector map. */
  tileUrl?: string | undefined
}

/** View size in map units; the element scales with its width and keeps this aspect ratio. */
export const MAP_WIDTH = 640
export const MAP_HEIGHT = 400

/** Extra room above the topmost point, in map units (a marker is drawn above its point). */
const MARKER_HEADROOM = 28

const pct = (value: number, of: number) => `${((value / of) * 100).toFixed(3)}%`

/** Grid lines at round coordinate steps across the box (the vector map's background). */
function gridLines(project: Projector, box: { minLat: number; maxLat: number; minLon: number; maxLon: number }) {
  const span = Math.max(box.maxLat - box.minLat, box.maxLon - box.minLon)
  const step = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10].find((s) => span / s <= 8) ?? 20
  const lines: Array<{ key: string; x1: number; y1: number; x2: number; y2: number }> = []
  const pad = span
  for (let lat = Math.ceil((box.minLat - pad) / step) * step; lat <= box.maxLat + pad; lat += step) {
    const a = project({ lat, lon: box.minLon - pad })
    const b = project({ lat, lon: box.maxLon + pad })
    lines.push({ key: `lat${lat.toFixed(4)}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y })
  }
  for (let lon = Math.ceil((box.minLon - pad) / step) * step; lon <= box.maxLon + pad; lon += step) {
    const a = project({ lat: box.minLat - pad, lon })
    const b = project({ lat: box.maxLat + pad, lon })
    lines.push({ key: `lon${lon.toFixed(4)}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y })
  }
  return lines
}

/** Store map with accessible markers. */
export function StoreMap({ stores, selectedCode, onSelect, userPoint, tileUrl }: StoreMapProps) {
  const layout = useMemo(() => {
    const box = boundsOf(userPoint ? [...stores, userPoint] : stores)
    if (!box) return undefined
    if (tileUrl) {
      const tiles = tileLayout(tileUrl, box, MAP_WIDTH, MAP_HEIGHT)
      return { kind: 'tiles' as const, box, project: tiles.project, tiles: tiles.tiles }
    }
    // Markers stand above their point: leave more room at the top than at the other edges.
    const fitted = fitEquirectangular(box, MAP_WIDTH, MAP_HEIGHT - MARKER_HEADROOM, 36)
    const project: Projector = (point) => {
      const p = fitted(point)
      return { x: p.x, y: p.y + MARKER_HEADROOM }
    }
    return { kind: 'vector' as const, box, project, grid: gridLines(project, box) }
  }, [stores, userPoint, tileUrl])

  if (!layout) {
    return <p className="store-map__empty">Нет магазинов, которые можно показать на карте.</p>
  }
  const { project } = layout
  const user = userPoint ? project(userPoint) : undefined
  const selected = stores.find((s) => s.code === selectedCode)
  const centre = project({ lat: (layout.box.minLat + layout.box.maxLat) / 2, lon: (layout.box.minLon + layout.box.maxLon) / 2 })

  return (
    <div className={cx('store-map', `store-map--${layout.kind}`)} style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }} data-map-kind={layout.kind}>
      {layout.kind === 'vector' ? (
        <svg className="store-map__canvas" viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect className="store-map__land" x="0" y="0" width={MAP_WIDTH} height={MAP_HEIGHT} />
          <ellipse className="store-map__district" cx={centre.x} cy={centre.y} rx={MAP_WIDTH * 0.34} ry={MAP_HEIGHT * 0.36} />
          <ellipse className="store-map__centre" cx={centre.x} cy={centre.y} rx={MAP_WIDTH * 0.14} ry={MAP_HEIGHT * 0.15} />
          {layout.grid.map((line) => (
            <line key={line.key} className="store-map__grid" x1={line.x1} y1={line.y1} x2={line.x2} y2={line.y2} />
          ))}
        </svg>
      ) : (
        <div className="store-map__tiles" aria-hidden="true">
          {layout.tiles.map((tile) => (
            <img
              key={tile.key}
              className="store-map__tile"
              src={tile.url}
              alt=""
              width={256}
              height={256}
              loading="lazy"
              decoding="async"
              draggable={false}
              style={{ left: pct(tile.left, MAP_WIDTH), top: pct(tile.top, MAP_HEIGHT), width: pct(256, MAP_WIDTH), height: pct(256, MAP_HEIGHT) }}
            />
          ))}
        </div>
      )}
      {user && (
        <span className="store-map__user" style={{ left: pct(user.x, MAP_WIDTH), top: pct(user.y, MAP_HEIGHT) }} role="img" aria-label="Вы здесь" />
      )}
      <ul className="store-map__markers" aria-label="Магазины на карте">
        {stores.map((store, index) => {
          const p = project(store)
          const isSelected = store.code === selectedCode
          return (
            <li key={store.code} className="store-map__marker-item" style={{ left: pct(p.x, MAP_WIDTH), top: pct(p.y, MAP_HEIGHT), zIndex: isSelected ? 2 : 1 }}>
              <button
                type="button"
                className={cx('store-map__marker', isSelected && 'is-selected')}
                aria-pressed={isSelected}
                aria-label={`${index + 1}. ${store.name}, ${store.address}`}
                title={store.name}
                onClick={() => onSelect(store.code)}
              >
                <span aria-hidden="true">{index + 1}</span>
              </button>
            </li>
          )
        })}
      </ul>
      {selected && (
        <p className="store-map__label" aria-hidden="true" style={labelPosition(project(selected))}>
          {selected.name}
        </p>
      )}
    </div>
  )
}

/** Places the selected marker's label above it (below near the top edge), kept inside the map near the sides. */
function labelPosition(p: { x: number; y: number }) {
  const below = p.y < 110
  const horizontal = p.x < MAP_WIDTH * 0.3 ? '-16px' : p.x > MAP_WIDTH * 0.7 ? 'calc(-100% + 16px)' : '-50%'
  return {
    left: pct(p.x, MAP_WIDTH),
    top: pct(p.y, MAP_HEIGHT),
    // The selected marker is 36 px tall and stands on its point.
    transform: `translate(${horizontal}, ${below ? '8px' : 'calc(-100% - 42px)'})`,
  }
}
