/**
 * The offline map tiles under `/__tiles/{z}/{x}/{y}.svg`: a deterministic 256×256 SVG per tile (a
 * street grid, the tile's address, and the name of the seeded city the tile covers), so the store
 * map works without the internet. Unlike `/__mock/*` they answer any client: the browser loads them
 * directly from the mock's origin (`MAP_TILE_URL`), never through the storefront's proxy.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { escapeHtml } from '../http/html.ts'
import { CITIES } from '../seed/stores.ts'

/** Zoom levels served: the whole world down to streets (the picker fits a city at 10–14). */
export const TILE_MAX_ZOOM = 18

/** The seeded city whose centre lies inside the tile (or nearest to it at low zoom), if any. */
export function cityOfTile(z: number, x: number, y: number): string | undefined {
  const n = 2 ** z
  const west = (x / n) * 360 - 180
  const east = ((x + 1) / n) * 360 - 180
  const latAt = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI
  const north = latAt(y)
  const south = latAt(y + 1)
  // A city "covers" the tiles within about 25 km of its centre, so tiles of its streets carry its name.
  const margin = 0.25
  return CITIES.find(
    (c) => c.lon >= west - margin && c.lon <= east + margin && c.lat >= south - margin && c.lat <= north + margin,
  )?.name
}

/** The SVG of one tile. */
export function tileSvg(z: number, x: number, y: number): string {
  const city = cityOfTile(z, x, y)
  const land = city ? '#eef1e6' : '#e3e8ee'
  const lines = [64, 128, 192]
    .map((p) => `<path d="M${p} 0V256M0 ${p}H256" stroke="#ffffff" stroke-width="${p === 128 ? 6 : 3}"/>`)
    .join('')
  const label = city
    ? `<text x="128" y="118" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#4a5a44">${escapeHtml(city)}</text>`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" fill="${land}"/>${lines}<rect width="256" height="256" fill="none" stroke="#c9d0d8"/>${label}<text x="6" y="250" font-family="sans-serif" font-size="10" fill="#8a94a0">${z}/${x}/${y}</text></svg>`
}

/** The tile route. */
export function tileHandlers(): HttpHandler[] {
  return [
    http.get('*/__tiles/:z/:x/:file', ({ params }) => {
      const z = Number(params.z)
      const x = Number(params.x)
      const match = /^(\d{1,7})\.svg$/.exec(String(params.file))
      const y = Number(match?.[1])
      const valid =
        Number.isInteger(z) &&
        z >= 0 &&
        z <= TILE_MAX_ZOOM &&
        Number.isInteger(x) &&
        x >= 0 &&
        x < 2 ** z &&
        match &&
        y < 2 ** z
      if (!valid) return new HttpResponse('not a tile', { status: 404, headers: { 'content-type': 'text/plain' } })
      return new HttpResponse(tileSvg(z, x, y), {
        headers: {
          'content-type': 'image/svg+xml; charset=utf-8',
          'cache-control': 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
          // Loaded by <img> from the storefront's pages (another origin).
          'cross-origin-resource-policy': 'cross-origin',
        },
      })
    }),
  ]
}
