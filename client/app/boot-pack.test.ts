import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { packBoot, packFallback, unpackBoot, unpackFallback } from './boot-pack.ts'
import { serializeBootData } from './boot.ts'

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

/** A seeded generator (mulberry32): the same values on every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A JSON-like value of the shapes packFallback treats apart: lists of objects with shared, missing and
 * nested members, repeated and prefixed strings, real nulls, the marker and reference characters,
 * characters unsafe in a script element, integer-like keys, and numbers JSON writes its own way.
 */
function randomValue(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const strings = [
    'Крем',
    'Волжская волна',
    '/webgate/media/goods/10',
    '</script>',
    'a&b',
    '\u2028',
    '\u0000',
    '\uE000',
    '\uE0001',
    '',
  ]
  const string = (): string =>
    next() < 0.3
      ? pick(strings) + pick(strings)
      : next() < 0.5
        ? `/webgate/media/goods/${Math.floor(next() * 1e5)}-1.webp`
        : pick(strings)
  const scalar = (): unknown =>
    pick([
      () => string(),
      () => Math.floor(next() * 2000) - 1000,
      () => next(),
      () => -0,
      () => 1e21,
      () => NaN,
      () => true,
      () => false,
      () => null,
    ])()
  if (depth > 3) return scalar()
  const keys = ['id', 'name', 'brand', 'image', '10', '2', 'labels', 'price', 'a<b']
  const object = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const key of keys) {
      const roll = next()
      if (roll < 0.4) continue
      out[key] = roll < 0.5 ? undefined : roll < 0.85 ? scalar() : randomValue(next, depth + 1)
    }
    return out
  }
  const roll = next()
  if (roll < 0.35) return Array.from({ length: Math.floor(next() * 7) }, object)
  if (roll < 0.5) {
    const shape = { url: string(), width: 600 }
    return Array.from({ length: 3 + Math.floor(next() * 3) }, (_, id) => ({ id, image: { ...shape, url: string() } }))
  }
  if (roll < 0.6) {
    // Cards: a picture column under one media path, brands repeated, members missing at the row's end.
    return Array.from({ length: 3 + Math.floor(next() * 4) }, (_, id) => ({
      id,
      image: `/webgate/media/goods/${Math.floor(next() * 1e5)}-1.webp`,
      brand: pick(['Волжская волна', 'Бархат', 'Лён']),
      ...(next() < 0.5 ? { oldPrice: Math.floor(next() * 1000) } : {}),
    }))
  }
  if (roll < 0.7) return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1))
  if (roll < 0.85) return object()
  return scalar()
}

describe('packFallback on seeded random values', () => {
  it('writes the same bytes as the packer this format was made with, and they read back equal', () => {
    // The digest of the data blocks 1,000 seeded values give: a change of the packer that changes a byte
    // of what pages carry (and of what the query store keeps) fails here; a deliberate format change
    // updates it, and the client's unpacker with it.
    const next = random(20261130)
    const digest = createHash('sha256')
    for (let run = 0; run < 1000; run++) {
      const value = randomValue(next)
      digest.update(serializeBootData(packFallback(value)) + '\n')
      // What the server packs came from JSON: no NaN or undefined members (a NaN cell would read back absent).
      const answer: unknown = JSON.parse(JSON.stringify(value) ?? 'null')
      const text = serializeBootData(packFallback(answer))
      digest.update(text + '\n')
      expect(unpackFallback(JSON.parse(text))).toEqual(answer)
    }
    expect(digest.digest('hex')).toBe('5b8bc92710a87f59ecc1486bd04bdcf056d09d7edf6aa12c3b3a17e3cc24c8b7')
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
