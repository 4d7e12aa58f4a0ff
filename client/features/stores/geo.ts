/**
 * Pure geometry of the store picker: great-circle distance, nearest-first ordering, the
 * equirectangular projection of the offline vector map and the Web-Mercator tile maths of the
 * optional tile layer. No DOM, no React.
 */

/** A point in degrees. */
export interface LatLon {
  lat: number
  lon: number
}

const EARTH_RADIUS_M = 6_371_008.8
const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle (haversine) distance between two points, in whole metres. */
export function distanceBetween(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat)
  const dLon = rad(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))))
}

/** The items with their distance from `origin`, nearest first (stable for equal distances). */
export function sortByDistance<T extends LatLon>(items: readonly T[], origin: LatLon): Array<T & { distanceMeters: number }> {
  return items
    .map((item, index) => ({ item: { ...item, distanceMeters: distanceBetween(origin, item) }, index }))
    .sort((a, b) => a.item.distanceMeters - b.item.distanceMeters || a.index - b.index)
    .map(({ item }) => item)
}

/** A distance for people: '350 м', '1,2 км', '12 км'. */
export function formatDistance(meters: number): string {
  if (meters < 1_000) return `${Math.max(0, Math.round(meters / 10) * 10)} м`
  const km = meters / 1_000
  const text = km < 10 ? km.toLocaleString('ru-RU', { maximumFractionDigits: 1 }) : Math.round(km).toLocaleString('ru-RU')
  return `${text} км`
}

/** A lat/lon box. */
export interface Bounds {
  minLat: number
  maxLat: number
  minLon: number
  maxLon: number
}

/** The box around the points, widened to at least `minSpanDeg` so one store still gets a sensible view; undefined when empty. */
export function boundsOf(points: readonly LatLon[], minSpanDeg = 0.02): Bounds | undefined {
  if (points.length === 0) return undefined
  let minLat = Infinity
  let maxLat = -Infinity
  let minLon = Infinity
  let maxLon = -Infinity
  for (const p of points) {
    minLat = Math.min(minLat, p.lat)
    maxLat = Math.max(maxLat, p.lat)
    minLon = Math.min(minLon, p.lon)
    maxLon = Math.max(maxLon, p.lon)
  }
  const widen = (lo: number, hi: number): [number, number] => {
    const span = hi - lo
    if (span >= minSpanDeg) return [lo, hi]
    const mid = (lo + hi) / 2
    return [mid - minSpanDeg / 2, mid + minSpanDeg / 2]
  }
  ;[minLat, maxLat] = widen(minLat, maxLat)
  ;[minLon, maxLon] = widen(minLon, maxLon)
  return { minLat, maxLat, minLon, maxLon }
}

/** Maps a point to view coordinates (x to the right, y downwards). */
export type Projector = (point: LatLon) => { x: number; y: number }

/**
 * An equirectangular projection fitted to `bounds` inside a `width`×`height` view with `padding`:
 * longitudes are scaled by cos(mid-latitude) so shapes keep their proportions, and the box is
 * centred on the axis with room to spare.
 */
export function fitEquirectangular(bounds: Bounds, width: number, height: number, padding = 24): Projector {
  const k = Math.cos(rad((bounds.minLat + bounds.maxLat) / 2))
  const spanX = Math.max((bounds.maxLon - bounds.minLon) * k, 1e-9)
  const spanY = Math.max(bounds.maxLat - bounds.minLat, 1e-9)
  const innerW = Math.max(width - 2 * padding, 1)
  const innerH = Math.max(height - 2 * padding, 1)
  const scale = Math.min(innerW / spanX, innerH / spanY)
  const offsetX = padding + (innerW - spanX * scale) / 2
  const offsetY = padding + (innerH - spanY * scale) / 2
  return ({ lat, lon }) => ({
    x: offsetX + (lon - bounds.minLon) * k * scale,
    y: offsetY + (bounds.maxLat - lat) * scale,
  })
}

/** Web-Mercator world pixel coordinates of a point at `zoom` (256 px tiles). */
export function mercatorPixel({ lat, lon }: LatLon, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat))
  const sin = Math.sin(rad(clamped))
  return {
    x: ((lon + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  }
}

/** The largest zoom (up to `maxZoom`) at which `bounds` fits a `width`×`height` view with `padding`. */
export function fitZoom(bounds: Bounds, width: number, height: number, padding = 24, maxZoom = 17): number {
  for (let zoom = maxZoom; zoom > 0; zoom--) {
    const a = mercatorPixel({ lat: bounds.maxLat, lon: bounds.minLon }, zoom)
    const b = mercatorPixel({ lat: bounds.minLat, lon: bounds.maxLon }, zoom)
    if (b.x - a.x <= width - 2 * padding && b.y - a.y <= height - 2 * padding) return zoom
  }
  return 0
}

/** A tile URL from a `{z}/{x}/{y}` template (also `{s}` → 'a'). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{s}', 'a')
}

/** One tile placed in the view. */
export interface PlacedTile {
  key: string
  url: string
  left: number
  top: number
}

/**
 * The tiles covering a `width`×`height` view centred on `bounds` at the fitted zoom, and the
 * projector of points into that view.
 */
export function tileLayout(template: string, bounds: Bounds, width: number, height: number): { zoom: number; tiles: PlacedTile[]; project: Projector } {
  const zoom = fitZoom(bounds, width, height)
  const a = mercatorPixel({ lat: bounds.maxLat, lon: bounds.minLon }, zoom)
  const b = mercatorPixel({ lat: bounds.minLat, lon: bounds.maxLon }, zoom)
  const originX = (a.x + b.x) / 2 - width / 2
  const originY = (a.y + b.y) / 2 - height / 2
  const count = 2 ** zoom
  const tiles: PlacedTile[] = []
  for (let tx = Math.floor(originX / 256); tx * 256 < originX + width; tx++) {
    for (let ty = Math.floor(originY / 256); ty * 256 < originY + height; ty++) {
      if (ty < 0 || ty >= count) continue
      const wrappedX = ((tx % count) + count) % count
      tiles.push({ key: `${zoom}/${tx}/${ty}`, url: tileUrl(template, zoom, wrappedX, ty), left: tx * 256 - originX, top: ty * 256 - originY })
    }
  }
  const project: Projector = (point) => {
    const p = mercatorPixel(point, zoom)
    return { x: p.x - originX, y: p.y - originY }
  }
  return { zoom, tiles, project }
}
