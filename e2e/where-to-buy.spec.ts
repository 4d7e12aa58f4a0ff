/**
 * «Где купить сегодня» on a product page: the stores nearest to the shopper's chosen store, those with
 * the goods first, with distance, today's hours and «Есть» / «Мало» / «Нет», from one stock call for
 * the page of stores; pins on the Leaflet map only once it is opened; «Выбрать этот магазин» sets the
 * device's store. At 360 and 1440 px, with the keyboard, axe-clean, never in the server's HTML.
 */
import type { Request } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { seriousViolations } from './fixtures/axe.ts'
import { keepStore } from './fixtures/ecom-shopper.ts'
import {
  WIDTHS,
  STILL_TOOLBAR,
  viewport,
  loggedEvents,
  scrollThrough,
  someGoods,
  productPath,
} from './fixtures/shopper-hand.ts'

// axe is injected inline, which the storefront's CSP rightly refuses.
test.use({ bypassCSP: true })

/** A Monday noon in Moscow: «Сегодня» is the same day in every run. */
const NOW = '2026-03-02T09:00:00.000Z'
const SHOP = 'AU-KZN-001'

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  await page.clock.setFixedTime(new Date(NOW))
})

for (const width of WIDTHS) {
  test(`lists the nearest stores with the goods and picks one, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await keepStore(page, SHOP)
    const events = await loggedEvents(page)
    const goods = (await someGoods(page, 24)).find((card) => card.inStock)!
    const stockCalls: Request[] = []
    const scripts: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (/^\/webgate\/v2\/goods\/\d+\/stock$/.test(url.pathname)) stockCalls.push(request)
      if (request.resourceType() === 'script') scripts.push(url.pathname)
    })
    const response = await page.goto(productPath(goods))
    expect(await response!.text()).not.toContain('Где купить сегодня')
    await waitForHydration(page)
    await scrollThrough(page)
    const block = page.getByRole('region', { name: 'Где купить сегодня' })
    const stores = block.getByRole('listitem')
    await expect(stores.first()).toBeVisible()
    const count = await stores.count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(5)
    // One stock call for the whole page of stores.
    expect(stockCalls).toHaveLength(1)
    const asked = new URL(stockCalls[0]!.url()).searchParams.getAll('storeCode')
    expect(asked.length).toBeGreaterThanOrEqual(count)
    expect(asked).toContain(SHOP)

    const levels = await stores.locator('.where-to-buy__level').allInnerTexts()
    expect(levels.every((text) => /(Есть|Мало|Нет)$/.test(text))).toBe(true)
    // Stores with the goods come first.
    const firstNone = levels.findIndex((text) => text.endsWith('Нет'))
    if (firstNone >= 0) expect(levels.slice(firstNone).every((text) => text.endsWith('Нет'))).toBe(true)
    // Distances from the chosen store, and the store's state now (a Monday noon: open).
    await expect(block.getByText(/^Расстояние: \d+(,\d)? к?м$/).first()).toBeVisible()
    await expect(block.getByText(/^Открыто до \d\d:\d\d$/).first()).toBeVisible()
    await expect
      .poll(() => events.find((event) => event.name === 'where_to_buy_open')?.params)
      .toMatchObject({
        product_id: String(goods.id),
        stores: count,
      })
    expect(await seriousViolations(page, '.where-to-buy')).toEqual([])
    await page.addStyleTag({ content: STILL_TOOLBAR })
    await expect(block).toHaveScreenshot(`where-to-buy-${width}.png`)

    // The map: Leaflet's code loads only now, with one pin per store listed.
    await expect(page.locator('.leaflet-container')).toHaveCount(0)
    const scriptsBefore = scripts.length
    await block.getByRole('button', { name: 'Показать на карте' }).click()
    const pins = block.getByRole('list', { name: 'Магазины на карте' }).getByRole('button')
    await expect(pins).toHaveCount(count)
    await expect(block.locator('[data-map-ready="true"]')).toHaveCount(1)
    expect(scripts.length).toBeGreaterThan(scriptsBefore)
    await page.waitForLoadState('networkidle')
    // The pointer leaves the block: whether the row under it shows its hover border depended on where
    // the page had scrolled once the map took its room.
    await page.mouse.move(0, 0)
    // The map's own drawing settles in its own time (a refit once the box has its size): masked.
    await expect(block).toHaveScreenshot(`where-to-buy-map-${width}.png`, { mask: [block.locator('.store-map')] })
    expect(await seriousViolations(page, '.where-to-buy')).toEqual([])
    await block.getByRole('button', { name: 'Скрыть карту' }).click()

    // «Выбрать этот магазин» with the keyboard: the device's store changes, as the picker does it.
    const row = block
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Выбрать этот магазин: / }) })
      .first()
    const name = await row.getByRole('heading').innerText()
    const choose = row.getByRole('button', { name: /^Выбрать этот магазин: / })
    await choose.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Магазин выбран').or(page.getByText('Пункт выдачи выбран'))).toBeVisible()
    const code = await page.evaluate(() => localStorage.getItem('shop.code'))
    expect(code).not.toBe(SHOP)
    expect(await page.evaluate(() => localStorage.getItem('shop.name'))).toBe(name)
    await expect(block.locator(`[data-store-code="${code}"]`).getByText('Ваш магазин')).toBeVisible()
    await expect
      .poll(() => events.find((event) => event.name === 'store_pick_from_pdp')?.params)
      .toMatchObject({
        store_code: code,
        product_id: String(goods.id),
      })
  })
}

for (const width of WIDTHS) {
  test(`at 23:11 says each store is closed and when it opens, at ${width} px (UX4-05)`, async ({ page }) => {
    // Saturday 28 November 2026, 23:11 in Moscow and Казань: every seeded store has closed by 23:00.
    await page.clock.setFixedTime(new Date('2026-11-28T23:11:00+03:00'))
    await page.setViewportSize(viewport(width))
    await keepStore(page, SHOP)
    const goods = (await someGoods(page, 24)).find((card) => card.inStock)!
    await page.goto(productPath(goods))
    await waitForHydration(page)
    await scrollThrough(page)
    const block = page.getByRole('region', { name: 'Где купить сегодня' })
    const hours = block.locator('.store-card__hours')
    await expect(hours.first()).toBeVisible()
    // Shops open on Sunday; pickup points rest until Monday.
    for (const text of await hours.allInnerTexts())
      expect(text.trim()).toMatch(/^Закрыто · откроется (завтра|в понедельник) в \d\d:\d\d$/)
    await expect(block).not.toContainText('Сегодня 0')
    await expect(block).not.toContainText('Сегодня 1')
    await block.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `e2e/artifacts/where-to-buy-2311-${width}.png` })
  })
}

for (const width of WIDTHS) {
  test(`without the gateway's stock call asks the spec's search per store, at ${width} px`, async ({ page, stack }) => {
    await page.setViewportSize(viewport(width))
    await keepStore(page, SHOP)
    const goods = (await someGoods(page, 24)).find((card) => card.inStock)!
    const searches: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/webgate/v2/goods/search' && url.searchParams.has('storeCode'))
        searches.push(url.searchParams.get('storeCode')!)
    })
    // A gateway that lacks `GET /v2/goods/{id}/stock`, the storefront's own call, answers 501.
    await stack.fault({ path: '/webgate/v2/goods/*/stock', status: 501 })
    try {
      await page.goto(productPath(goods))
      await waitForHydration(page)
      await scrollThrough(page)
      const block = page.getByRole('region', { name: 'Где купить сегодня' })
      await expect(block.getByRole('listitem').first()).toBeVisible()
      await expect(block).not.toContainText('Не удалось узнать наличие')
      const levels = await block.locator('.where-to-buy__level').allInnerTexts()
      // The spec's call says whether a store has the goods, not how many: «Есть» or «Нет», never «Мало».
      expect(levels.length).toBeGreaterThan(0)
      expect(levels.every((text) => /(Есть|Нет)$/.test(text))).toBe(true)
      expect(levels.some((text) => text.endsWith('Есть'))).toBe(true)
      expect(searches).toContain(SHOP)
      await block.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `e2e/artifacts/where-to-buy-no-stock-call-${width}.png` })
    } finally {
      await stack.clearFaults()
    }
  })
}
