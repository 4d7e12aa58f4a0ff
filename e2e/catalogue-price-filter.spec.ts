/**
 * The catalogue's price filter with the bounds typed the wrong way round: «от 900 до 100» is read as
 * 100 to 900 instead of finding nothing.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { DESKTOP, acceptCookies } from './fixtures/layout.ts'

test.use({ viewport: DESKTOP })

test('swapped price bounds are put in order', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await page.addInitScript(() => localStorage.setItem('shop.prompted', '1'))
  await page.goto('/catalog/1-ukhod-za-litsom')
  await waitForHydration(page)
  await page.getByLabel('Цена от', { exact: true }).fill('900')
  await page.getByLabel('Цена до', { exact: true }).fill('100')
  await page.getByRole('button', { name: 'Применить' }).click()
  await expect(page.getByLabel('Цена от', { exact: true })).toHaveValue('100')
  await expect(page.getByLabel('Цена до', { exact: true })).toHaveValue('900')
  await expect(page.getByText('Ничего не нашлось')).toHaveCount(0)
  await expect(page.locator('.goods-list__count')).toHaveText(/^Найдено [1-9]/)
})
