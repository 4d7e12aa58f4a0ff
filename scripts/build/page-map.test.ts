import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ROUTE_MODULES } from '#shared/routing/route-modules.ts'
import { pageModules } from './page-map.mjs'

describe('the page map', () => {
  it('gives every page route the view module the registry loads for it', async () => {
    const map = await pageModules()
    expect(Object.keys(map).sort()).toEqual(Object.keys(ROUTE_MODULES).sort())
    expect(map).toMatchObject({
      main: 'client/views/home/home-page.tsx',
      product: 'client/views/product/product-page.tsx',
      'product-reviews': 'client/views/product/product-page.tsx',
      'catalog-category': 'client/views/catalog/catalog-category-page.tsx',
    })
    for (const file of Object.values(map)) expect(existsSync(file), file).toBe(true)
  })
})
