/**
 * The catalogue by keyboard on a desktop: a ticked filter or a new sort keeps the focus on its control,
 * so the next filter is one Tab away (UX4-04, seen at 1440).
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'

const HAIR = '/catalog/4-ukhod-za-volosami'

test.use({ viewport: { width: 1440, height: 900 } })

test('Space on a filter of the desktop panel keeps the focus on it; Tab goes to the next one', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  await page.goto(HAIR)
  await waitForHydration(page)
  const panel = page.getByRole('complementary', { name: 'Фильтры' })
  const inStock = panel.getByRole('checkbox', { name: /^В наличии/ })
  await inStock.focus()
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/[?&]inStock=1/)
  // The navigation's end: its title is announced (and, before the fix, the heading took the focus).
  await expect(page.locator('#route-announcer')).not.toBeEmpty()
  await expect(inStock).toBeChecked()
  await expect(inStock).toBeFocused()
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused()
  await page.keyboard.press('Tab')
  await expect(panel.getByRole('checkbox', { name: /^Со скидкой/ })).toBeFocused()
  await page.screenshot({ path: 'e2e/artifacts/catalogue-keyboard-filter-1440.png' })
})

test('a new sort chosen by keyboard keeps the focus on the sort select', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  await page.goto(HAIR)
  await waitForHydration(page)
  const sort = page.getByRole('combobox', { name: 'Сортировка' })
  await sort.focus()
  await sort.selectOption({ label: 'Сначала дешёвые' })
  await expect(page).toHaveURL(/[?&]sort=price-asc/)
  await expect(page.locator('#route-announcer')).not.toBeEmpty()
  await expect(sort).toBeFocused()
})

test('a link to another page still moves the focus to its heading', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  await page.goto(HAIR)
  await waitForHydration(page)
  const card = page.locator('.product-card__link').first()
  await card.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/product\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})
