import { describe, expect, it } from 'vitest'
import type { CategoryTree } from '../models/catalog.ts'
import type { GoodsCard } from '../models/goods.ts'
import {
  promoCategoriesOf,
  tilesOpening,
  toCardShape,
  toCategoryPlace,
  toGoodsListShape,
  type PromoTileShape,
} from './views.ts'

const card: GoodsCard = {
  id: 7,
  name: 'Крем',
  slug: 'krem',
  brand: { id: 1, name: 'Бархат', slug: 'barkhat' },
  categoryId: 11,
  price: 100,
  image: { url: '/webgate/media/goods/7-1.svg', width: 600, height: 600, alt: 'Крем' },
  rating: 4.5,
  reviewsCount: 3,
  ageRestricted: false,
  inStock: true,
  labels: [],
}
const image = (id: number) => ({ url: `/webgate/media/categories/${id}.svg`, width: 320, height: 320, alt: '' })
const tree: CategoryTree = {
  storeCode: null,
  items: [
    {
      id: 1,
      name: 'Лицо',
      slug: 'litso',
      parentId: null,
      image: image(1),
      goodsCount: 3,
      children: [
        { id: 11, name: 'Кремы', slug: 'kremy', parentId: 1, image: image(11), goodsCount: 2 },
        { id: 12, name: 'Маски', slug: 'maski', parentId: 1, image: image(12), goodsCount: 1 },
      ],
    },
  ],
}

describe('view shapes', () => {
  it('keeps only the fields a card renders and leaves out empty ones', () => {
    expect(toCardShape(card)).toEqual({
      id: 7,
      name: 'Крем',
      slug: 'krem',
      brand: 'Бархат',
      price: 100,
      rating: 4.5,
      reviewsCount: 3,
      inStock: true,
      image: '/webgate/media/goods/7-1.svg',
    })
    const full = toCardShape({
      ...card,
      oldPrice: 150,
      discountPercent: 33,
      ageRestricted: true,
      labels: ['hit'],
      image: null,
    })
    expect(full).toMatchObject({ oldPrice: 150, discountPercent: 33, ageRestricted: true, labels: ['hit'] })
    expect(full).not.toHaveProperty('image')
    expect(toCardShape({ ...card, labels: ['sale', 'new', 'hit', 'eco'] }).labels).toEqual(['new', 'hit'])
    expect(toCardShape({ ...card, labels: ['sale'] })).not.toHaveProperty('labels')
  })

  it('maps a goods page item by item and keeps its paging', () => {
    expect(toGoodsListShape({ items: [card], total: 30, page: 2, pageSize: 24 })).toEqual({
      items: [toCardShape(card)],
      total: 30,
      page: 2,
      pageSize: 24,
    })
  })

  it('places a group and a child category in the tree', () => {
    const links = [
      { id: 11, name: 'Кремы', slug: 'kremy' },
      { id: 12, name: 'Маски', slug: 'maski' },
    ]
    expect(toCategoryPlace(tree, 1)).toEqual({
      category: { id: 1, name: 'Лицо', slug: 'litso', image: '/webgate/media/categories/1.svg' },
      links,
    })
    expect(toCategoryPlace(tree, 12)).toEqual({
      category: { id: 12, name: 'Маски', slug: 'maski', image: '/webgate/media/categories/12.svg' },
      group: { id: 1, name: 'Лицо', slug: 'litso' },
      links,
    })
    expect(toCategoryPlace(tree, 999)).toBeUndefined()
  })

  it('keeps only the promo tiles of a category, its group or its subcategories', () => {
    const tile = (id: number, url: string): PromoTileShape => ({ id, title: `Скидки ${id}`, image: '/i.svg', url })
    const tiles = [
      tile(1, '/catalog/1-litso?sort=discount'),
      tile(2, '/catalog/2-makiyazh?sort=discount'),
      tile(3, '/catalog/12-maski'),
      tile(4, '/promo-catalog'),
      tile(5, '/catalog/123-drugoe'),
    ]
    const categoryPromoTiles = (id: number) => tilesOpening(tiles, promoCategoriesOf(tree, id)!)
    expect(categoryPromoTiles(11).map((t) => t.id)).toEqual([1])
    expect(categoryPromoTiles(12).map((t) => t.id)).toEqual([1, 3])
    expect(categoryPromoTiles(1).map((t) => t.id)).toEqual([1, 3])
    // An id the tree lacks is unknown, not a category without tiles (even one a tile names): its page loads none.
    expect(promoCategoriesOf(tree, 2)).toBeUndefined()
    expect(promoCategoriesOf(tree, 999)).toBeUndefined()
  })
})
