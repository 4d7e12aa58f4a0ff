/**
 * The home page's layout at the two widths of the walkthrough: at 1440 a rail's row holds five
 * cards (the «Показать ещё» tile a slim column beside them), the articles fill their row and the
 * catalogue tiles are as tall as each other; at 360 the articles and the brands are horizontal
 * scrollers instead of stacks.
 */
import type { Locator } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { acceptCookies, box } from './fixtures/layout.ts'

const region = (page: import('@playwright/test').Page, name: string): Locator =>
  page.getByRole('region', { name, exact: true })

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('a rail shows five whole cards in its row and a slim «Показать ещё» beside them', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const rail = region(page, 'Специальные предложения')
    const list = await box(rail.locator('.product-rail'))
    const cards = rail.getByRole('article')
    await expect(cards).toHaveCount(5)
    for (const card of await cards.all()) {
      const shown = await box(card)
      expect(shown.x).toBeGreaterThanOrEqual(list.x)
      expect(shown.x + shown.width).toBeLessThanOrEqual(list.x + list.width)
    }
    const more = await box(rail.getByRole('button', { name: /^Показать ещё \d+$/ }))
    const card = await box(cards.first())
    expect(more.x + more.width).toBeLessThanOrEqual(list.x + list.width)
    expect(more.width).toBeLessThan(card.width)
  })

  test('the articles fill their row and the catalogue tiles are equally tall', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const articles = region(page, 'Полезные статьи')
    const grid = await box(articles.locator('.article-grid'))
    const last = await box(articles.getByRole('article').last())
    expect(grid.x + grid.width - (last.x + last.width)).toBeLessThanOrEqual(1)
    const heights = await region(page, 'Каталог')
      .locator('.category-tile')
      .evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().height)))
    expect(heights.length).toBeGreaterThan(3)
    expect(new Set(heights).size).toBe(1)
  })
})

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

  test('the articles and the brands scroll sideways instead of stacking', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    for (const [name, list, rows] of [
      ['Полезные статьи', '.article-grid', 1],
      ['Популярные бренды', '.brand-list', 2],
    ] as const) {
      const scroller = region(page, name).locator(list)
      const tops = await scroller.evaluate((element) => ({
        overflows: element.scrollWidth > element.clientWidth,
        rows: new Set([...element.children].map((child) => Math.round(child.getBoundingClientRect().top))).size,
      }))
      expect(tops, name).toEqual({ overflows: true, rows })
    }
    // The page's own width stays the screen's.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})
