import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import type { CategoryTree } from '../models/catalog.ts'
import { categoryPlaceQuery } from './catalog.ts'

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
