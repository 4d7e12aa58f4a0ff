/**
 * Catalogue filters from calls of spec section 7: the promotion kinds (`/v1/promotions/type`) and the
 * brands by category.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'

test('the promotions catalogue filters by promotion kind from /v1/promotions/type', async ({ page, stack }) => {
  await page.goto('/promo-catalog')
  await waitForHydration(page)
  const kinds = page.getByRole('navigation', { name: 'Тип акции' })
  const gifts = kinds.getByRole('link', { name: /^Подарки/ })
  const count = Number((await gifts.textContent())?.replace(/\D/g, ''))
  expect(count).toBeGreaterThan(0)
  await gifts.click()
  await expect(page).toHaveURL(/\/promo-catalog\?type=gift$/)
  await expect(kinds.getByRole('link', { name: /^Подарки/ })).toHaveAttribute('aria-current', 'page')
  const expected = (await (await fetch(`${stack.mockURL}/webgate/v1/promotions?type=gift&pageSize=24`)).json()) as {
    items: { title: string }[]
  }
  const cards = page.getByRole('list', { name: 'Акции' }).getByRole('listitem')
  await expect(cards).toHaveCount(Math.min(count, 24))
  await expect(cards.first()).toContainText(expected.items[0]!.title)
})

test('the catalogue shows brands by category and a brand link opens the category filtered by it', async ({ page }) => {
  await page.goto('/catalog')
  await waitForHydration(page)
  const section = page.getByRole('region', { name: 'Бренды в категориях' })
  await expect(section).toBeVisible()
  const link = section.getByRole('link').first()
  const target = await link.getAttribute('href')
  expect(target).toMatch(/^\/catalog\/\d+-[\w-]+\?brand=[\w-]+$/)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${target!.replace(/[?]/g, '\\?')}$`))
})
