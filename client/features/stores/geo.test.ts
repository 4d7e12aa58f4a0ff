import { describe, expect, it } from 'vitest'
import { boundsOf, distanceBetween, formatDistance, sortByDistance } from './geo.ts'

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
    const stores = [
      { code: 'a', ...MOSCOW },
      { code: 'b', ...MOSCOW },
    ]
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
