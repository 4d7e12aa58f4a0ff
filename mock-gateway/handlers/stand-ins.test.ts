import { beforeAll, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call } from '../testing.ts'
import { cityIndexOfAddress } from './stores.ts'
import { cityOfTile } from './tiles.ts'

let gateway: MockGateway
beforeAll(async () => {
  gateway = await createMockGateway({ checkAnswers: true })
})

describe('offline map tiles', () => {
  it('serves a deterministic SVG tile named after the seeded city it covers', async () => {
    // Zoom 10 tile of central Kazan (55.79 N, 49.12 E).
    const first = await call(gateway, 'GET', '/__tiles/10/651/319.svg')
    const again = await call(gateway, 'GET', '/__tiles/10/651/319.svg')
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(first.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(first.body).toContain('Казань')
    expect(first.body).toContain('10/651/319')
    expect(again.body).toBe(first.body)
    expect(cityOfTile(10, 651, 319)).toBe('Казань')
    expect(cityOfTile(10, 0, 0)).toBeUndefined()
  })

  it('answers 404 for coordinates outside the zoom level or a bad file name', async () => {
    expect((await call(gateway, 'GET', '/__tiles/2/4/0.svg')).status).toBe(404)
    expect((await call(gateway, 'GET', '/__tiles/19/0/0.svg')).status).toBe(404)
    expect((await call(gateway, 'GET', '/__tiles/2/1/1.png')).status).toBe(404)
  })
})

describe('the ad network stand-in', () => {
  it('serves a loader script defining Ya.adfoxCode.create', async () => {
    const loader = await call(gateway, 'GET', '/__adfox/loader.js')
    expect(loader.status).toBe(200)
    expect(loader.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(loader.body).toContain('ya.adfoxCode = {')
    expect(loader.body).toContain('replaceChildren')
  })
})

describe('/geo by client address', () => {
  it('maps 10.n.x.x to the n-th seeded city and anything else to none', () => {
    expect(cityIndexOfAddress('10.2.0.7')).toBe(1)
    expect(cityIndexOfAddress('::ffff:10.3.1.1, 127.0.0.1')).toBe(2)
    expect(cityIndexOfAddress('127.0.0.1')).toBeUndefined()
    expect(cityIndexOfAddress('10.9.0.1')).toBeUndefined()
    expect(cityIndexOfAddress(null)).toBeUndefined()
  })

  it('guesses the city from X-Forwarded-For without a point, and a point wins over the address', async () => {
    const byAddress = await call(gateway, 'GET', '/webgate/geo', { headers: { 'x-forwarded-for': '10.2.0.7' } })
    expect(byAddress.body).toMatchObject({ source: 'address', city: { name: 'Санкт-Петербург' } })
    expect(byAddress.body.nearestStore.city.name).toBe('Санкт-Петербург')
    // Not kept in the answer cache: the next client elsewhere gets its own city.
    expect(
      (await call(gateway, 'GET', '/webgate/geo', { headers: { 'x-forwarded-for': '127.0.0.1' } })).body,
    ).toMatchObject({ source: 'default', city: { name: 'Москва' } })
    const point = await call(gateway, 'GET', '/webgate/geo?lat=55.79&lon=49.12', {
      headers: { 'x-forwarded-for': '10.2.0.7' },
    })
    expect(point.body).toMatchObject({ source: 'point', city: { name: 'Казань' } })
  })
})
