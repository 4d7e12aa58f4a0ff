import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import { pickRelated, relatedArgs, relatedGoodsQuery, relatedPriceRange, RELATED_LIMIT } from './related.ts'

const card = (id: number, price: number, rating = 4) => ({ id, price, rating })

describe('related goods', () => {
  it('asks for the product category from half to one and a half times its price', () => {
    expect(relatedPriceRange(1000)).toEqual({ priceMin: 500, priceMax: 1500 })
    expect(relatedPriceRange(333.3)).toEqual({ priceMin: 166, priceMax: 500 })
  })

  it('leaves the product out and puts the closest price first, the better rated first on a tie', () => {
    const items = [card(1, 1000), card(2, 1400), card(3, 950, 3), card(4, 1050, 5), card(5, 990)]
    expect(pickRelated(items, { id: 1, price: 1000 }).map((item) => item.id)).toEqual([5, 4, 3, 2])
  })

  it(`keeps at most ${RELATED_LIMIT} goods`, () => {
    const items = Array.from({ length: 30 }, (_, i) => card(i + 10, 500 + i))
    expect(pickRelated(items, { id: 1, price: 500 })).toHaveLength(RELATED_LIMIT)
  })

  it('makes one catalogue search call with the category and the price window and answers card views', async () => {
    const calls: unknown[] = []
    const api = {
      call: async (_def: unknown, options: { query: unknown }) => {
        calls.push(options.query)
        const item = (id: number, price: number) => ({
          id,
          name: `Товар ${id}`,
          slug: `tovar-${id}`,
          brand: { id: 1, name: 'Бренд', slug: 'brand' },
          categoryId: 7,
          price,
          image: null,
          rating: 4,
          reviewsCount: 0,
          ageRestricted: false,
          inStock: true,
          labels: [],
        })
        return { items: [item(1, 800), item(2, 790), item(3, 1100)], total: 3, page: 1, pageSize: 24 }
      },
    } as unknown as ApiClient
    const query = relatedGoodsQuery(relatedArgs({ id: 1, categoryId: 7, price: 800 }))
    expect(query.key[0]).toBe('goods.related')
    const cards = await query.fetch(api)
    expect(calls).toEqual([{ categoryId: 7, priceMin: 400, priceMax: 1200, pageSize: 24 }])
    expect(cards.map((c) => [c.id, c.brand])).toEqual([
      [2, 'Бренд'],
      [3, 'Бренд'],
    ])
  })
})
