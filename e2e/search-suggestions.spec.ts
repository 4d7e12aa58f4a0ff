/**
 * Search suggestions and history: the dropdown uses the screen's width on a phone, goods names get
 * two lines, history keeps the suggestion the shopper chose and forgets one entry by its ×, the
 * field is cleared after a suggestion, and a last row searches for all results.
 */
import { test, expect } from './fixtures/stack.ts'
import { acceptCookies, box, DESKTOP, PHONE } from './fixtures/layout.ts'
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

  test('a goods name takes up to three lines, so names with the same start read apart', async ({ page }) => {
    await page.goto('/')
    const search = new SearchBox(page)
    await search.type('шамп')
    const names = page.locator('.suggest__option--suggestion .suggest__text')
    await expect(names.first()).toBeVisible()
    const shown = await names.evaluateAll((items) =>
      items.map((item) => ({
        lines: Math.round(item.getBoundingClientRect().height / parseFloat(getComputedStyle(item).lineHeight)),
        cut: item.scrollWidth > item.clientWidth + 1,
      })),
    )
    // No name is cut sideways to one line; a long one wraps, up to three lines (UX3-19).
    expect(shown.every((name) => !name.cut)).toBe(true)
    expect(Math.max(...shown.map((name) => name.lines))).toBeGreaterThanOrEqual(2)
    expect(Math.max(...shown.map((name) => name.lines))).toBeLessThanOrEqual(3)
  })

  test('choosing a suggestion clears the field; one history entry goes by its ×', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => localStorage.setItem('search.history', JSON.stringify(['тушь', 'крем'])))
    const search = new SearchBox(page)
    await search.type('шамп')
    await search.options.filter({ hasText: /^Шампуни/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Шампуни' })).toBeVisible()
    await expect(search.input).toHaveValue('')
    await search.input.click()
    const history = page.getByRole('listbox', { name: 'История и популярные запросы' })
    await expect(history.getByRole('option').first()).toHaveText('Шампуни')
    await history.getByRole('option', { name: 'тушь', exact: true }).locator('.suggest__remove').click()
    await expect(history.getByRole('option', { name: 'тушь', exact: true })).toHaveCount(0)
    await expect(search.input).toBeFocused()
    // The keyboard's way: Delete on the active history row.
    await search.input.press('ArrowDown')
    await search.input.press('Delete')
    await expect(history.getByRole('option', { name: 'Шампуни', exact: true })).toHaveCount(0)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('search.history') ?? '[]'))).toEqual(['крем'])
  })
})

test.describe('search on a desktop', () => {
  test.use({ viewport: DESKTOP })

  test('the last suggestion row searches for all results of the typed text', async ({ page }) => {
    await page.goto('/')
    const search = new SearchBox(page)
    await search.type('шамп')
    const all = search.options.last()
    await expect(all).toHaveText('Все результаты по запросу «шамп»')
    await search.input.press('ArrowUp')
    await expect(all).toHaveAttribute('aria-selected', 'true')
    await search.input.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=%D1%88%D0%B0%D0%BC%D0%BF$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('шамп')
  })
})
