import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import type { CategoryTree } from '../models/catalog.ts'
import {
  categoryPlaceQuery,
  goodsListArgs,
  hasFilters,
  listStateFromSearch,
  listStateToSearch,
  withoutFilters,
} from './catalog.ts'

const image = { url: '/c.svg', width: 320, height: 320, alt: '' }
const tree: CategoryTree = {
  storeCode: null,
  items: [
    {
      id: 1,
      name: 'Лицо',
      slug: 'litso',
      parentId: null,
      image,
      goodsCount: 1,
      children: [{ id: 11, name: 'Кремы', slug: 'kremy', parentId: 1, image, goodsCount: 1 }],
    },
  ],
}

describe('categoryPlaceQuery', () => {
  it('answers the place of a category and null for an unknown id, loading the tree once per client', async () => {
    const call = vi.fn(async () => tree)
    const api = { call } as unknown as ApiClient
    await expect(categoryPlaceQuery(11).fetch(api)).resolves.toMatchObject({ category: { id: 11 }, group: { id: 1 } })
    await expect(categoryPlaceQuery(999).fetch(api)).resolves.toBeNull()
    expect(call).toHaveBeenCalledTimes(1)
    const other = { call: vi.fn(async () => tree) } as unknown as ApiClient
    await categoryPlaceQuery(1).fetch(other)
    expect(other.call).toHaveBeenCalledTimes(1)
  })

  it('loads the tree again after a failed load', async () => {
    const call = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(tree)
    const api = { call } as unknown as ApiClient
    await expect(categoryPlaceQuery(1).fetch(api)).rejects.toThrow('down')
    await expect(categoryPlaceQuery(1).fetch(api)).resolves.toMatchObject({ category: { id: 1 } })
    expect(call).toHaveBeenCalledTimes(2)
  })
})

describe('«Есть в моём магазине» in the list state', () => {
  it('reads the store code from the URL, ignores a malformed one, and writes it back', () => {
    const state = listStateFromSearch({ store: 'AU-KZN-001', page: '2' })
    expect(state.store).toBe('AU-KZN-001')
    expect(hasFilters(state)).toBe(true)
    expect(listStateToSearch(state)).toBe('?store=AU-KZN-001&page=2')
    expect(listStateFromSearch({ store: '<script>' }).store).toBeUndefined()
    expect(hasFilters(listStateFromSearch({}))).toBe(false)
  })

  it('asks the gateway for the store only (server-side filtering)', () => {
    expect(goodsListArgs(listStateFromSearch({ store: 'AU-KZN-001' }), { categoryId: 3 })).toEqual({
      page: 1,
      categoryId: 3,
      storeCode: 'AU-KZN-001',
    })
  })
})

describe('withoutFilters', () => {
  it('drops every filter and the page, and keeps the sort', () => {
    const state = listStateFromSearch({
      brand: 'barkhat',
      label: 'new',
      priceMin: '100',
      priceMax: '900',
      inStock: '1',
      discounted: '1',
      store: 'AU-KZN-001',
      sort: 'price_asc',
      page: '3',
    })
    expect(hasFilters(state)).toBe(true)
    const plain = withoutFilters(state)
    expect(hasFilters(plain)).toBe(false)
    expect(listStateToSearch(plain)).toBe(listStateToSearch(listStateFromSearch({ sort: state.sort })))
  })
})
