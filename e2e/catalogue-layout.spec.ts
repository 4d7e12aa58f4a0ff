/**
 * The catalogue's layout where the walkthrough measured it: /catalog at 360 px (categories as
 * tappable rows, brands after the goods), touch targets of small links at 360 px, and the promotions'
 * one labelled block of filters at 1440 px.
 */
import type { Locator } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { DESKTOP, PHONE, acceptCookies, box } from './fixtures/layout.ts'

/** The least touch height of every visible match. */
async function leastHeight(links: Locator): Promise<number> {
  const heights: number[] = []
  for (const link of await links.all()) if (await link.isVisible()) heights.push((await box(link)).height)
  expect(heights.length).toBeGreaterThan(0)
  return Math.min(...heights)
}

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('/catalog: categories are tappable rows and the goods come before the brands', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    await page.goto('/catalog')
    await waitForHydration(page)
    const tree = page.getByRole('region', { name: 'Категории' })
    expect(await leastHeight(tree.locator('.category-tree__head'))).toBeGreaterThanOrEqual(44)
    expect(await leastHeight(tree.locator('.category-tree__child'))).toBeGreaterThanOrEqual(44)
    const brands = page.getByRole('heading', { name: 'Бренды в категориях' })
    await expect(brands).toBeAttached()
    const goods = await box(page.getByRole('heading', { name: 'Все товары' }))
    expect(goods.y).toBeLessThan((await box(brands)).y)
    // The goods start within two screens of the top, not 3 000 px down.
    expect(goods.y).toBeLessThan(2 * PHONE.height)
  })

  test('small links are at least 32 px tall to a finger, 44 px where they stand alone', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    await page.goto('/')
    await waitForHydration(page)
    expect(await leastHeight(page.getByRole('region', { name: 'Новости' }).getByRole('link'))).toBeGreaterThanOrEqual(
      32,
    )
    expect(await leastHeight(page.getByRole('link', { name: 'Смотреть все' }))).toBeGreaterThanOrEqual(44)
    await page.goto('/catalog/11-kremy-dlya-litsa')
    await waitForHydration(page)
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link')
    expect(await leastHeight(crumbs)).toBeGreaterThanOrEqual(44)
  })
})

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP })

  test('the promotions have one block of filters whose rows say what they filter', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    await page.goto('/promo-catalog')
    await waitForHydration(page)
    const block = page.getByRole('group', { name: 'Фильтры акций' })
    await expect(block.getByRole('navigation')).toHaveCount(2)
    const kinds = block.getByRole('navigation', { name: 'Тип акции' })
    const sections = block.getByRole('navigation', { name: 'Раздел' })
    await expect(kinds.getByText('Тип акции', { exact: true })).toBeVisible()
    await expect(sections.getByText('Раздел', { exact: true })).toBeVisible()
    await expect(kinds.getByRole('link', { name: 'Любой' })).toHaveAttribute('aria-current', 'page')
    await expect(sections.getByRole('link', { name: 'Все разделы' })).toHaveAttribute('aria-current', 'page')
    // No other row of promotion chips on the page.
    await expect(page.getByRole('main').locator('ul.chips')).toHaveCount(2)
  })
})
