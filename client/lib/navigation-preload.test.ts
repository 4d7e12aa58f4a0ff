import { afterEach, expect, it, vi } from 'vitest'
import { preloadNavigation, provideNavigationPreload, resetNavigationPreload } from './navigation-preload.ts'

afterEach(resetNavigationPreload)

it('an ask made before the shell provides its loader waits for it, then loads once', async () => {
  const load = vi.fn((route: string) => Promise.resolve(`code of ${route}`))
  const asked = preloadNavigation('product')
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(load).not.toHaveBeenCalled()
  provideNavigationPreload(load)
  await expect(asked).resolves.toBe('code of product')
  await expect(preloadNavigation('catalog-category')).resolves.toBe('code of catalog-category')
  expect(load.mock.calls).toEqual([['product'], ['catalog-category']])
})

it('passes a failed load on to the asker', async () => {
  provideNavigationPreload(() => Promise.reject(new Error('chunk failed')))
  await expect(preloadNavigation('product')).rejects.toThrow('chunk failed')
})
