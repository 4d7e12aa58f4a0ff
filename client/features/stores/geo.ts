/**
 * Pure geometry of the store picker: great-circle distance, nearest-first ordering and the box the
 * map fits its view to (Leaflet does the projection and the tiles). No DOM, no React.
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
export function sortByDistance<T extends LatLon>(
  items: readonly T[],
  origin: LatLon,
): Array<T & { distanceMeters: number }> {
  return items
    .map((item, index) => ({ item: { ...item, distanceMeters: distanceBetween(origin, item) }, index }))
    .sort((a, b) => a.item.distanceMeters - b.item.distanceMeters || a.index - b.index)
    .map(({ item }) => item)
}

/** A distance for people: '350 м', '1,2 км', '12 км'. */
export function formatDistance(meters: number): string {
  if (meters < 1_000) return `${Math.max(0, Math.round(meters / 10) * 10)} м`
  const km = meters / 1_000
  const text =
    km < 10 ? km.toLocaleString('ru-RU', { maximumFractionDigits: 1 }) : Math.round(km).toLocaleString('ru-RU')
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
