/**
 * Search suggestions and history on a phone: the dropdown uses the screen's width, and history
 * keeps the suggestion the shopper chose.
 */
import { test, expect } from './fixtures/stack.ts'
import { acceptCookies, box, PHONE } from './fixtures/layout.ts'
import { SearchBox } from './fixtures/search-box.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('search on a phone', () => {
  test.use({ viewport: PHONE })

  test('suggestions use the width of the screen, not of the narrow search box', async ({ page }) => {
    await page.goto('/')
    const search = new SearchBox(page)
    await search.type('шамп')
    await expect(search.options.first()).toBeVisible()
    const list = await box(page.getByRole('listbox', { name: 'Подсказки' }))
    expect(list.width).toBeGreaterThanOrEqual(0.9 * PHONE.width)
    expect(list.x).toBeGreaterThanOrEqual(0)
    expect(list.x + list.width).toBeLessThanOrEqual(PHONE.width)
    // The category reads in full.
    await expect(search.options.filter({ hasText: 'Шампуни' })).toBeVisible()
  })

  test('history keeps the suggestion the shopper chose, not the fragment typed to find it', async ({ page }) => {
    await page.goto('/')
    const search = new SearchBox(page)
    await search.type('шамп')
    await search.options.filter({ hasText: /^Шампуни/ }).click()
    await expect(page).not.toHaveURL(/\/$/)
    // The category page has arrived: its arrival moves the focus to it, which would close a dropdown opened before.
    await expect(page.getByRole('heading', { level: 1, name: 'Шампуни' })).toBeVisible()
    await search.input.fill('')
    await search.input.click()
    const history = page.getByRole('listbox', { name: 'История и популярные запросы' })
    await expect(history.getByRole('option').first()).toHaveText('Шампуни')
    await expect(history.getByRole('option', { name: 'шамп', exact: true })).toHaveCount(0)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('search.history') ?? '[]'))).toEqual(['Шампуни'])
  })
})
