import { describe, expect, it } from 'vitest'
import type { Goods } from '#shared/models/goods.ts'
import type { GoodsCardShape } from '#shared/queries/views.ts'
import {
  addRecent,
  clearRecentGoods,
  keepCurrentCards,
  readRecentGoods,
  RECENT_GOODS_LIMIT,
  rememberViewed,
  viewedCard,
  withCurrentCards,
} from './recent-goods.ts'

const memory = () => {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

const card = (id: number): GoodsCardShape => ({
  id,
  name: `Товар ${id}`,
  slug: `tovar-${id}`,
  brand: 'Бренд',
  price: 100 + id,
  rating: 4,
  reviewsCount: 1,
  inStock: true,
  image: `/webgate/media/goods/${id}.svg`,
})

describe('recently viewed goods', () => {
  it('takes today’s card of each goods, keeps the order and the goods not answered for', () => {
    const today = { ...card(2), price: 99, oldPrice: 150, discountPercent: 34, inStock: false }
    expect(withCurrentCards([card(1), card(2), card(3)], [today])).toEqual([card(1), today, card(3)])
    const storage = memory()
    rememberViewed(card(1), storage)
    rememberViewed(card(2), storage)
    expect(keepCurrentCards([today], storage)).toEqual([today, card(1)])
    expect(readRecentGoods(storage)).toEqual([today, card(1)])
  })

  it('puts the newest first and removes its earlier copy', () => {
    expect(addRecent([card(1), card(2)], card(2)).map((c) => c.id)).toEqual([2, 1])
  })

  it(`keeps the last ${RECENT_GOODS_LIMIT}`, () => {
    let list: GoodsCardShape[] = []
    for (let id = 1; id <= RECENT_GOODS_LIMIT + 3; id++) list = addRecent(list, card(id))
    expect(list).toHaveLength(RECENT_GOODS_LIMIT)
    expect(list[0]!.id).toBe(RECENT_GOODS_LIMIT + 3)
    expect(list.at(-1)!.id).toBe(4)
  })

  it('stores under recent.goods, reads back and clears', () => {
    const storage = memory()
    rememberViewed(card(1), storage)
    rememberViewed(card(2), storage)
    expect(JSON.parse(storage.getItem('recent.goods')!)).toHaveLength(2)
    expect(readRecentGoods(storage).map((c) => c.id)).toEqual([2, 1])
    clearRecentGoods(storage)
    expect(readRecentGoods(storage)).toEqual([])
  })

  it('reads a broken value as nothing and drops broken or foreign entries', () => {
    const storage = memory()
    storage.setItem('recent.goods', '{not json')
    expect(readRecentGoods(storage)).toEqual([])
    storage.setItem(
      'recent.goods',
      JSON.stringify([
        card(1),
        { id: 'x' },
        { ...card(2), image: 'javascript:alert(1)' },
        { ...card(3), image: '//evil' },
      ]),
    )
    expect(readRecentGoods(storage).map((c) => c.id)).toEqual([1])
  })

  it('makes the card of a product page goods', () => {
    const goods = {
      id: 5,
      name: 'Крем',
      slug: 'krem',
      brand: { id: 1, name: 'Бренд', slug: 'brand' },
      categoryId: 3,
      price: 500,
      oldPrice: 600,
      images: [{ url: '/webgate/media/5.svg', width: 1, height: 1, alt: '' }],
      description: 'd',
      rating: 4.5,
      reviewsCount: 2,
      ageRestricted: false,
      inStock: true,
      stock: 3,
      labels: [],
    } satisfies Goods
    expect(viewedCard(goods)).toEqual({
      id: 5,
      name: 'Крем',
      slug: 'krem',
      brand: 'Бренд',
      price: 500,
      oldPrice: 600,
      image: '/webgate/media/5.svg',
      rating: 4.5,
      reviewsCount: 2,
      inStock: true,
    })
  })
})
