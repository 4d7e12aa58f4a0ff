import { describe, expect, it } from 'vitest'
import { compilePattern, fillPattern } from './match.ts'
import { matchSegments, pathSegments, splitIdSlug } from './match-pattern.ts'
import { href } from './href.ts'

describe('splitIdSlug', () => {
  it.each([
    ['12-krem-dlya-ruk', { id: '12', slug: 'krem-dlya-ruk' }],
    ['12-krem', { id: '12', slug: 'krem' }],
    ['12--krem', { id: '12', slug: '-krem' }],
    ['12', { id: '12', slug: undefined }],
    ['12-', { id: '12', slug: '' }],
    ['-krem', { id: '', slug: 'krem' }],
    ['-', { id: '', slug: '' }],
    ['', { id: '', slug: undefined }],
  ])('splits %j at the first hyphen only', (segment, expected) => {
    expect(splitIdSlug(segment)).toEqual(expected)
  })
})

describe('pathSegments and matchSegments', () => {
  /** A path matched against one pattern, as the route table matches it. */
  const matchPattern = (pattern: ReturnType<typeof compilePattern>, path: string) => {
    const parts = pathSegments(path)
    return parts && matchSegments(pattern, parts)
  }
  const product = compilePattern('/product/:product-:slug')
  const plain = compilePattern('/product/:product')

  it('compiles the id-slug segment with both param names', () => {
    expect(product.paramNames).toEqual(['product', 'slug'])
  })

  it('gives the id and the slug of 12-krem-dlya-ruk', () => {
    expect(matchPattern(product, '/product/12-krem-dlya-ruk')).toEqual({ product: '12', slug: 'krem-dlya-ruk' })
  })

  it.each(['/product/12', '/product/12-', '/product/-krem', '/product/-'])(
    'does not match the id-slug pattern for %s (a part is missing or empty)',
    (path) => {
      expect(matchPattern(product, path)).toBeUndefined()
    },
  )

  it('leaves a segment without a hyphen to the plain pattern', () => {
    expect(matchPattern(plain, '/product/12')).toEqual({ product: '12' })
  })

  it('ignores a trailing slash', () => {
    expect(matchPattern(product, '/product/12-krem/')).toEqual({ product: '12', slug: 'krem' })
  })

  it('needs the same number of segments', () => {
    expect(matchPattern(product, '/product/12-krem/reviews')).toBeUndefined()
    expect(matchPattern(product, '/product')).toBeUndefined()
  })

  it('decodes each segment after splitting on slashes', () => {
    expect(matchPattern(product, '/product/12-%D0%BA%D1%80%D0%B5%D0%BC%2Fx')).toEqual({ product: '12', slug: 'крем/x' })
  })

  it('never matches a malformed escape', () => {
    expect(matchPattern(product, '/product/12-%E0%A4%A')).toBeUndefined()
    expect(matchPattern(compilePattern('/catalog'), '/%')).toBeUndefined()
  })

  it('compares literal segments exactly', () => {
    expect(matchPattern(compilePattern('/catalog'), '/Catalog')).toBeUndefined()
  })
})

describe('fillPattern', () => {
  const product = compilePattern('/product/:product-:slug')

  it('fills the id-slug segment', () => {
    expect(fillPattern(product, { product: 12, slug: 'krem-dlya-ruk' })).toBe('/product/12-krem-dlya-ruk')
  })

  it('percent-encodes every value', () => {
    expect(fillPattern(product, { product: 12, slug: 'крем/ручной?#' })).toBe(
      `/product/12-${encodeURIComponent('крем/ручной?#')}`,
    )
    expect(fillPattern(compilePattern('/ecom/orders/:id'), { id: '../x' })).toBe('/ecom/orders/..%2Fx')
  })

  it.each([{}, { product: 12 }, { slug: 'x' }, { product: 12, slug: '' }, { product: 12, slug: undefined }])(
    'answers undefined when a param is missing: %j',
    (params) => {
      expect(fillPattern(product, params)).toBeUndefined()
    },
  )

  it('fills a pattern without params', () => {
    expect(fillPattern(compilePattern('/'), {})).toBe('/')
    expect(fillPattern(compilePattern('/promo-catalog'), {})).toBe('/promo-catalog')
  })
})

describe('href', () => {
  it('builds a product link with its slug', () => {
    expect(href('product', { product: 12, slug: 'krem' })).toBe('/product/12-krem')
  })

  it('falls back to the pattern without a slug', () => {
    expect(href('product', { product: 12 })).toBe('/product/12')
  })

  it('encodes the slug', () => {
    expect(href('product', { product: 12, slug: 'крем для рук' })).toBe(
      '/product/12-%D0%BA%D1%80%D0%B5%D0%BC%20%D0%B4%D0%BB%D1%8F%20%D1%80%D1%83%D0%BA',
    )
  })

  it('adds the query and leaves out empty values', () => {
    expect(href('search', {}, { q: 'крем', page: 2, empty: '', missing: undefined })).toBe(
      '/search?q=%D0%BA%D1%80%D0%B5%D0%BC&page=2',
    )
  })

  it('builds a route without params', () => {
    expect(href('promo-catalog')).toBe('/promo-catalog')
  })

  it('throws when a required param is missing at run time', () => {
    expect(() => href('article', { id: 3 } as never)).toThrow('href(article): missing params')
  })
})
