import { describe, expect, it } from 'vitest'
import { boundsOf, distanceBetween, fitEquirectangular, fitZoom, formatDistance, mercatorPixel, sortByDistance, tileLayout, tileUrl } from './geo.ts'

const MOSCOW = { lat: 55.7558, lon: 37.6173 }
const SPB = { lat: 59.9343, lon: 30.3351 }

describe('distanceBetween', () => {
  it('measures Moscow to Saint Petersburg as about 634 km', () => {
    expect(distanceBetween(MOSCOW, SPB)).toBeGreaterThan(630_000)
    expect(distanceBetween(MOSCOW, SPB)).toBeLessThan(640_000)
  })

  it('is zero for the same point and symmetric', () => {
    expect(distanceBetween(MOSCOW, MOSCOW)).toBe(0)
    expect(distanceBetween(MOSCOW, SPB)).toBe(distanceBetween(SPB, MOSCOW))
  })
})

describe('sortByDistance', () => {
  it('orders nearest first and adds the distance', () => {
    const stores = [
      { code: 'far', lat: 55.9, lon: 37.6 },
      { code: 'near', lat: 55.756, lon: 37.618 },
      { code: 'mid', lat: 55.8, lon: 37.6 },
    ]
    const sorted = sortByDistance(stores, MOSCOW)
    expect(sorted.map((s) => s.code)).toEqual(['near', 'mid', 'far'])
    expect(sorted[0]!.distanceMeters).toBeLessThan(100)
  })

  it('keeps the input order for equal distances and does not change the input', () => {
    const stores = [{ code: 'a', ...MOSCOW }, { code: 'b', ...MOSCOW }]
    expect(sortByDistance(stores, SPB).map((s) => s.code)).toEqual(['a', 'b'])
    expect(stores[0]).not.toHaveProperty('distanceMeters')
  })
})

describe('formatDistance', () => {
  it.each([
    [0, '0 м'],
    [347, '350 м'],
    [1_234, '1,2 км'],
    [9_960, '10 км'],
    [12_600, '13 км'],
  ])('formats %d m as %s', (meters, text) => {
    expect(formatDistance(meters).replace(/\u00a0/g, ' ')).toBe(text)
  })
})

describe('boundsOf', () => {
  it('is undefined without points', () => {
    expect(boundsOf([])).toBeUndefined()
  })

  it('widens a single point to the minimum span around it', () => {
    expect(boundsOf([MOSCOW], 0.02)).toEqual({ minLat: 55.7458, maxLat: 55.7658, minLon: 37.6073, maxLon: 37.6273 })
  })
})

describe('fitEquirectangular', () => {
  const box = boundsOf([MOSCOW, { lat: 55.85, lon: 37.75 }])!
  const project = fitEquirectangular(box, 640, 400, 20)

  it('keeps every point of the box inside the padded view', () => {
    for (const p of [MOSCOW, { lat: 55.85, lon: 37.75 }, { lat: 55.8, lon: 37.7 }]) {
      const { x, y } = project(p)
      expect(x).toBeGreaterThanOrEqual(20 - 1e-9)
      expect(x).toBeLessThanOrEqual(620 + 1e-9)
      expect(y).toBeGreaterThanOrEqual(20 - 1e-9)
      expect(y).toBeLessThanOrEqual(380 + 1e-9)
    }
  })

  it('puts north up and east right', () => {
    const south = project({ lat: 55.76, lon: 37.7 })
    const north = project({ lat: 55.84, lon: 37.7 })
    const west = project({ lat: 55.8, lon: 37.62 })
    const east = project({ lat: 55.8, lon: 37.74 })
    expect(north.y).toBeLessThan(south.y)
    expect(east.x).toBeGreaterThan(west.x)
  })

  it('keeps proportions: a degree of longitude is cos(latitude) of a degree of latitude', () => {
    const o = project({ lat: 55.8, lon: 37.7 })
    const dx = project({ lat: 55.8, lon: 37.71 }).x - o.x
    const dy = o.y - project({ lat: 55.81, lon: 37.7 }).y
    expect(dx / dy).toBeCloseTo(Math.cos((((box.minLat + box.maxLat) / 2) * Math.PI) / 180), 6)
  })
})

describe('tiles', () => {
  it('places the world in one 256 px tile at zoom 0', () => {
    expect(mercatorPixel({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 })
  })

  it('fills a {z}/{x}/{y} template', () => {
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}.png', 3, 4, 5)).toBe('https://a.tiles.example/3/4/5.png')
  })

  it('fits a city into the view and covers the view with tiles', () => {
    const box = boundsOf([MOSCOW, { lat: 55.85, lon: 37.75 }])!
    const zoom = fitZoom(box, 640, 400)
    expect(zoom).toBeGreaterThanOrEqual(9)
    expect(zoom).toBeLessThanOrEqual(13)
    const layout = tileLayout('/t/{z}/{x}/{y}.png', box, 640, 400)
    expect(layout.tiles.length).toBeGreaterThanOrEqual(6)
    expect(Math.min(...layout.tiles.map((t) => t.left))).toBeLessThanOrEqual(0)
    expect(Math.max(...layout.tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(640)
    const p = layout.project(MOSCOW)
    expect(p.x).toBeGreaterThan(0)
    expect(p.x).toBeLessThan(640)
    expect(p.y).toBeGreaterThan(0)
    expect(p.y).toBeLessThan(400)
  })
})
