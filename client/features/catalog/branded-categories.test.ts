import { describe, expect, it } from 'vitest'
import { BRANDS_SHOWN, CATEGORIES_PER_BRAND, topBrands } from './branded-categories.tsx'

const logo = { url: '/x.svg', width: 1, height: 1, alt: '' }
const brand = (id: number, categories: number) => ({
  brand: { id, name: `Бренд ${id}`, slug: `brand-${id}` },
  logo,
  categories: Array.from({ length: categories }, (_, i) => ({
    id: i + 1,
    name: `К${i + 1}`,
    slug: `k${i + 1}`,
    goodsCount: 10 - i,
  })),
})

describe('brands shown on the catalogue', () => {
  it('leaves out brands without categories, puts the widest first and caps brands and categories', () => {
    const shown = topBrands([
      brand(1, 1),
      brand(2, 0),
      brand(3, 5),
      ...Array.from({ length: 10 }, (_, i) => brand(10 + i, 2)),
    ])
    expect(shown).toHaveLength(BRANDS_SHOWN)
    expect(shown[0]!.brand.id).toBe(3)
    expect(shown[0]!.categories).toHaveLength(CATEGORIES_PER_BRAND)
    expect(shown.map((item) => item.brand.id)).not.toContain(2)
  })
})
