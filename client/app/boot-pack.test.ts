import { describe, expect, it } from 'vitest'
import { packBoot, packFallback, unpackBoot, unpackFallback } from './boot-pack.ts'

const roundTrip = (value: unknown) => unpackFallback(JSON.parse(JSON.stringify(packFallback(value))))

describe('packFallback', () => {
  const cards = [
    { id: 1, name: 'Крем', brand: 'Бархат', image: { url: '/a.svg', width: 600, height: 600 }, labels: ['hit'] },
    { id: 2, name: 'Гель', brand: 'Лён', oldPrice: 150 },
    { id: 3, name: 'Мыло', brand: 'Лён', ageRestricted: true, labels: [] },
  ]

  it('writes a list of objects as a table and reads it back equal', () => {
    const fallback = { '@"goods.search",#page:1,,': { items: cards, total: 3, page: 1, pageSize: 24 } }
    const packed = JSON.stringify(packFallback(fallback))
    expect(packed).toContain('["\\u0000",["id","name","brand"')
    expect(packed.length).toBeLessThan(JSON.stringify(fallback).length)
    expect(roundTrip(fallback)).toEqual(fallback)
  })

  it('leaves lists with a real null, short lists and scalars as they are', () => {
    const withNull = [
      { a: 1, url: null },
      { a: 2, url: 'x' },
      { a: 3, url: 'y' },
    ]
    expect(packFallback(withNull)).toEqual(withNull)
    expect(roundTrip(withNull)).toEqual(withNull)
    expect(packFallback([{ a: 1 }, { a: 2 }])).toEqual([{ a: 1 }, { a: 2 }])
    for (const value of [null, 0, 'x', true, [], {}, [1, 2, 3], ['a', 'b', 'c']])
      expect(roundTrip(value)).toEqual(value)
  })

  it('escapes a real list that starts with the marker', () => {
    const hostile = { list: ['\u0000', 'x'], table: ['\u0000', ['a'], [1]] }
    expect(roundTrip(hostile)).toEqual(hostile)
  })

  it('writes a column of same-shaped objects as arrays of their values', () => {
    const items = [1, 2, 3].map((id) => ({ id, image: { url: `/${id}.svg`, width: 600, height: 600 } }))
    const packed = JSON.stringify(packFallback(items))
    expect(packed).toContain('["id",["image",["url","width","height"]]]')
    expect(packed).toContain('["/1.svg",600,600]')
    expect(roundTrip(items)).toEqual(items)
    const mixed = [{ image: { url: 'a' } }, { image: { url: 'b', alt: 'x' } }, { image: { url: 'c' } }, { id: 4 }]
    expect(roundTrip(mixed)).toEqual(mixed)
  })

  it('packs tables nested in table cells', () => {
    const nested = [1, 2, 3].map((id) => ({
      id,
      children: [{ id: id * 10 }, { id: id * 10 + 1 }, { id: id * 10 + 2 }],
    }))
    expect(roundTrip(nested)).toEqual(nested)
  })

  it('writes a repeated string once and refers to it after', () => {
    const brand = 'Волжская волна'
    const fallback = {
      cards: [brand, 'Лунный свет', brand].map((name, id) => ({ id, brand: name })),
      filters: { brands: [{ name: brand }, { name: 'Бархат' }] },
      note: 'Лунный свет',
    }
    const packed = JSON.stringify(packFallback(fallback))
    expect(packed.split(brand)).toHaveLength(2)
    expect(packed).toContain('"\uE0000"')
    expect(roundTrip(fallback)).toEqual(fallback)
  })

  it('writes a long common prefix of a string column once', () => {
    const items = [10019, 10054, 10108].map((id) => ({ id, image: `/webgate/media/goods/${id}-1.svg` }))
    const packed = JSON.stringify(packFallback(items))
    expect(packed).toContain('["image","/webgate/media/goods/10"]')
    expect(packed).toContain('"019-1.svg"')
    expect(roundTrip(items)).toEqual(items)
    const short = [{ url: '/a' }, { url: '/b' }, { url: '/c' }]
    expect(JSON.stringify(packFallback(short))).toContain('["url"]')
  })

  it('keeps real strings that start with the reference character', () => {
    const hostile = [
      '\uE000',
      '\uE0000',
      '\uE000\uE0001',
      'repeated',
      'repeated',
      '\uE0000',
      { a: '\uE000z', b: 'repeated' },
    ]
    expect(roundTrip(hostile)).toEqual(hostile)
  })
})

describe('packBoot', () => {
  const fallback = { '@"goods.get",7,': { id: 7, name: 'Крем' }, '@"goods.scores",7,': { rating: 4.5 } }
  const view = {
    kind: 'page',
    route: 'product',
    keys: { goods: '@"goods.get",7,', scores: '@"goods.scores",7,', reviews: '@"reviews",7,' },
  }

  it('writes each loader key found in the fallback once, as its index, and keeps a key the fallback lacks', () => {
    const packed = packBoot({ config: { a: 1 }, view, fallback }) as { view: { keys: Record<string, unknown> } }
    expect(packed.view.keys).toEqual({ goods: 0, scores: 1, reviews: '@"reviews",7,' })
    expect(JSON.stringify(packed.view).includes('goods.get')).toBe(false)
  })

  it('restores the boot data exactly', () => {
    const boot = { config: { a: 1 }, session: { signedIn: false }, view, fallback }
    expect(unpackBoot(JSON.parse(JSON.stringify(packBoot(boot))))).toEqual(boot)
  })

  it('leaves an error view, which has no keys, as it is', () => {
    const boot = { config: {}, view: { kind: 'error', status: 404 }, fallback: {} }
    expect(unpackBoot(JSON.parse(JSON.stringify(packBoot(boot))))).toEqual(boot)
  })
})
