import { beforeAll, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call, TEST_ORIGIN } from '../testing.ts'

let gateway: MockGateway
beforeAll(async () => {
  gateway = await createMockGateway({ checkAnswers: true })
})
const get = (path: string) => call(gateway, 'GET', `/webgate${path}`)

describe('goods search', () => {
  it('pages without overlap and with a consistent total (24 per page by default)', async () => {
    const first = await get('/v2/goods/search?categoryId=1')
    const second = await get('/v2/goods/search?categoryId=1&page=2')
    expect(first.body.pageSize).toBe(24)
    expect(first.body.items).toHaveLength(24)
    expect(first.body.total).toBe(second.body.total)
    const ids = new Set(first.body.items.map((g: { id: number }) => g.id))
    expect(second.body.items.some((g: { id: number }) => ids.has(g.id))).toBe(false)
    const seen = new Set<number>()
    for (let page = 1; page <= Math.ceil(first.body.total / 24); page++) {
      for (const item of (await get(`/v2/goods/search?categoryId=1&page=${page}`)).body.items) seen.add(item.id)
    }
    expect(seen.size).toBe(first.body.total)
  })

  it.each([
    ['price-asc', (a: any, b: any) => a.price <= b.price],
    ['price-desc', (a: any, b: any) => a.price >= b.price],
    ['discount', (a: any, b: any) => (a.discountPercent ?? 0) >= (b.discountPercent ?? 0)],
    ['rating', (a: any, b: any) => a.rating >= b.rating],
  ])('sorts by %s', async (sort, ordered) => {
    const { body } = await get(`/v2/goods/search?sort=${sort}&pageSize=100`)
    for (let i = 1; i < body.items.length; i++) {
      const [a, b] = [body.items[i - 1], body.items[i]]
      // In-stock goods first; the order holds within each part.
      expect(a.inStock || !b.inStock).toBe(true)
      if (a.inStock === b.inStock) expect(ordered(a, b)).toBe(true)
    }
  })

  it.each(['popular', 'price-asc', 'new'])('puts sold-out goods after every in-stock one (sort %s)', async (sort) => {
    const stock: boolean[] = []
    for (let page = 1; page === 1 || stock.length % 100 === 0; page++) {
      const { body } = await get(`/v2/goods/search?sort=${sort}&pageSize=100&page=${page}`)
      if (body.items.length === 0) break
      stock.push(...body.items.map((item: { inStock: boolean }) => item.inStock))
    }
    expect(stock).toContain(false)
    expect(stock).toContain(true)
    expect(stock.indexOf(false)).toBeGreaterThan(stock.lastIndexOf(true))
  })

  it('answers which of the given goods a store has (repeated id keys with storeCode), and all of them for a pickup point', async () => {
    const ids = (await get('/v2/goods/search?categoryId=1&inStock=true&pageSize=40')).body.items.map(
      (g: { id: number }) => g.id,
    )
    const query = ids.map((id: number) => `id=${id}`).join('&')
    const shop = (await get(`/v2/goods/search?storeCode=AU-KZN-001&${query}&pageSize=40`)).body.items.map(
      (g: { id: number }) => g.id,
    )
    expect(shop.length).toBeGreaterThan(0)
    expect(shop.length).toBeLessThan(ids.length)
    expect(shop.every((id: number) => ids.includes(id))).toBe(true)
    const point = (await get(`/v2/goods/search?storeCode=AU-KZN-004&${query}&pageSize=40`)).body
    expect(point.total).toBe(ids.length)
    expect((await get('/v2/goods/search?id=0')).status).toBe(400)
  })

  it('finds goods by every word of the text, in name, brand or category', async () => {
    const { body } = await get(`/v2/goods/search?q=${encodeURIComponent('шампунь морские')}&pageSize=100`)
    expect(body.total).toBeGreaterThan(0)
    for (const item of body.items) expect(item.name.toLowerCase()).toMatch(/шампунь.*морские|морские.*шампунь/)
    expect((await get(`/v2/goods/search?q=${encodeURIComponent('несуществующийтовар')}`)).body.total).toBe(0)
  })

  it('filters by repeated brand keys, price range and stock', async () => {
    const { body } = await get(
      '/v2/goods/search?brand=barkhat&brand=yantarnyy-bereg&priceMin=200&priceMax=900&inStock=true&pageSize=100',
    )
    expect(body.total).toBeGreaterThan(0)
    for (const item of body.items) {
      expect(['barkhat', 'yantarnyy-bereg']).toContain(item.brand.slug)
      expect(item.price).toBeGreaterThanOrEqual(200)
      expect(item.price).toBeLessThanOrEqual(900)
      expect(item.inStock).toBe(true)
    }
  })

  it('includes the categories of a group', async () => {
    const { body } = await get('/v2/goods/search?categoryId=2&pageSize=100')
    expect(new Set(body.items.map((g: { categoryId: number }) => g.categoryId))).toEqual(new Set([21, 22, 23, 24, 25]))
  })

  it('answers 422 for every call about category 999 and 404 for an unknown one', async () => {
    expect(await get('/v2/goods/search?categoryId=999')).toMatchObject({
      status: 422,
      body: { code: 'unprocessableEntity' },
    })
    expect((await get('/v1/goods/filters?categoryId=999')).status).toBe(422)
    expect((await get('/v2/goods/search?categoryId=998')).status).toBe(404)
  })
})

describe('goods', () => {
  it('keeps the hostile rows at their fixed ids', async () => {
    expect((await get('/v2/goods/900001')).body.name).toBe('</script><script>alert(1)</script>')
    expect((await get('/v2/goods/900002')).body.description).toContain('\u2028')
    expect((await get('/v2/goods/900003')).body.name).toHaveLength(300)
    expect((await get('/v2/goods/900004')).body.name).toMatch(/[\u0600-\u06FF].*🧴/u)
  })

  it('answers goods 900005 with a permanent redirect to goods 900006', async () => {
    const { body } = await get('/v2/goods/900005')
    expect(body.redirect).toMatchObject({
      permanent: true,
      location: expect.stringMatching(/^\/product\/900006-[a-z0-9-]+$/),
    })
    expect((await get(body.redirect.location.replace('/product/', '/v2/goods/').replace(/-.*/, ''))).body.id).toBe(
      900006,
    )
  })

  it('answers 404 notFound for unknown goods and 400 for a non-numeric id', async () => {
    expect(await get('/v2/goods/1')).toMatchObject({ status: 404, body: { code: 'notFound' } })
    expect(await get('/v2/goods/abc')).toMatchObject({ status: 400, body: { code: 'validationError' } })
  })

  it('serves a generated WebP picture for every goods image, and the same picture labelled as SVG', async () => {
    const { body } = await get('/v2/goods/10001')
    const { url, width, height } = body.images[0] as { url: string; width: number; height: number }
    expect(url).toMatch(/^\/webgate\/media\/goods\/[\w-]+\.webp$/)
    const response = await gateway.handle(new Request(TEST_ORIGIN + url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    const file = Buffer.from(await response.arrayBuffer())
    expect(file.subarray(8, 16).toString('latin1')).toBe('WEBPVP8L')
    const header = file.readUInt32LE(21)
    expect([(header & 0x3fff) + 1, ((header >>> 14) & 0x3fff) + 1]).toEqual([width, height])
    const svg = await call(gateway, 'GET', url.replace(/\.webp$/, '.svg'))
    expect(svg.headers.get('content-type')).toContain('image/svg+xml')
    expect(svg.body).toContain(`width="${width}"`)
    expect((await call(gateway, 'GET', url.replace(/\.webp$/, '.png'))).status).toBe(404)
  })
})

describe('seed', () => {
  it('is deterministic and as large as DESIGN.md asks', async () => {
    const other = await createMockGateway()
    const page = '/webgate/v2/goods/search?pageSize=100&sort=new'
    expect((await call(other, 'GET', page)).body).toEqual((await call(gateway, 'GET', page)).body)
    const { db } = gateway.state
    expect(db.goods.count()).toBeGreaterThanOrEqual(500)
    expect(db.categories.findMany((q) => q.where({ parentId: (id) => id !== null })).length).toBeGreaterThanOrEqual(20)
    expect(db.promotions.count()).toBeGreaterThanOrEqual(50)
    expect(db.stores.count()).toBeGreaterThanOrEqual(30)
    expect(db.cities.count()).toBeGreaterThanOrEqual(5)
    expect(db.articles.count()).toBeGreaterThanOrEqual(20)
    expect(db.reviews.findMany((q) => q.where({ photos: (photos) => photos.length > 0 })).length).toBeGreaterThan(50)
  })
})

describe('suggestions and stores', () => {
  it('suggests categories, brands and goods that contain the typed words', async () => {
    const { body } = await get(`/v2/suggestions?q=${encodeURIComponent('шамп')}`)
    expect(body.items.length).toBeGreaterThan(0)
    for (const item of body.items) expect(item.text.toLowerCase()).toContain('шамп')
    expect(body.items[0]).toMatchObject({ type: 'category', text: 'Шампуни' })
  })

  it('orders stores by distance from a point', async () => {
    const { body } = await get('/v1/store-search?lat=59.9343&lon=30.3351&pageSize=10')
    const distances = body.items.map((s: { distanceMeters: number }) => s.distanceMeters)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(body.items[0].city.name).toBe('Санкт-Петербург')
  })

  it('finds stores by words of the address', async () => {
    const { body } = await get(`/v1/store-search/address?q=${encodeURIComponent('невский')}`)
    expect(body.total).toBeGreaterThan(0)
    for (const store of body.items) expect(store.address).toContain('Невский')
  })

  it('guesses the city of a point, and Moscow without one', async () => {
    expect((await get('/geo?lat=55.79&lon=49.12')).body).toMatchObject({ source: 'point', city: { name: 'Казань' } })
    expect((await get('/geo')).body).toMatchObject({ source: 'default', city: { name: 'Москва' } })
    expect((await get('/geo?lat=10&lon=10')).body.source).toBe('default')
  })
})
