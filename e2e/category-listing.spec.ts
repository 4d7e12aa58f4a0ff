/**
 * A category as a shopper meets it on a phone (and the parts seen at both widths): goods they can buy
 * first, goods on the first screen, the full-screen filter sheet with «Показать N товаров» and removable
 * chips, the category's own promotions, compact card labels and the store's line under the price, and
 * the page's gateway calls made side by side.
 */
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { DESKTOP, acceptCookies, box, overlap } from './fixtures/layout.ts'
import { keepStore } from './fixtures/ecom-shopper.ts'
import { seriousViolations } from './fixtures/axe.ts'

/** The walkthrough's phone: 360 × 780. */
const PHONE_780 = { width: 360, height: 780 }
/** «Кремы для лица» (group «Уход за лицом»): 22 goods, two of them sold out (mock seed). */
const CREAMS = '/catalog/11-kremy-dlya-litsa'
const HAIR = '/catalog/4-ukhod-za-volosami'
const SHOP = 'AU-KZN-001'

const cards = (page: Page) => page.getByRole('list', { name: 'Товары' }).getByRole('article')

for (const [width, viewport, mobile] of [
  ['360', PHONE_780, true],
  ['1440', DESKTOP, false],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport, isMobile: mobile, hasTouch: mobile })

    test('sold-out goods come after every in-stock one under «По популярности»', async ({ page, baseURL }) => {
      await acceptCookies(page, baseURL!)
      await page.goto(CREAMS)
      await waitForHydration(page)
      await expect(cards(page)).toHaveCount(22)
      const soldOut = await cards(page).evaluateAll((items) =>
        items.map((item) => item.classList.contains('product-card--out-of-stock')),
      )
      expect(soldOut.filter(Boolean).length).toBeGreaterThan(0)
      expect(soldOut.indexOf(true)).toBeGreaterThan(soldOut.lastIndexOf(false))
      // «Нет в наличии» is a line under the price, not a badge over the picture.
      const last = cards(page).last()
      await expect(last.getByText('Нет в наличии')).toBeVisible()
      expect((await box(last.getByText('Нет в наличии'))).y).toBeGreaterThanOrEqual(
        (await box(last.locator('.price'))).y + (await box(last.locator('.price'))).height - 1,
      )
    })

    test('the promo strip has only this category’s promotions', async ({ page, baseURL }) => {
      await acceptCookies(page, baseURL!)
      for (const [path, group] of [
        [CREAMS, '/catalog/1-'],
        ['/catalog/71-energeticheskie-napitki', '/catalog/7-'],
      ] as const) {
        await page.goto(path)
        const tiles = page.getByRole('region', { name: 'Акции и скидки' }).getByRole('link')
        await expect(tiles).not.toHaveCount(0)
        for (const href of await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
          expect(href).toContain(group)
        await expect(page.getByText(/^Скидки: макияж$/)).toHaveCount(0)
      }
    })

    test('cards carry at most two badges, under the name, and the store’s line under the price', async ({
      page,
      baseURL,
    }) => {
      await acceptCookies(page, baseURL!)
      await keepStore(page, SHOP)
      await page.goto(HAIR)
      await waitForHydration(page)
      await expect(page.getByText(/^(Есть|Нет) в магазине$/).first()).toBeVisible()
      const withBadges = cards(page).filter({ has: page.locator('.badge') })
      expect(await withBadges.count()).toBeGreaterThan(0)
      for (const card of await withBadges.all()) {
        const badges = card.locator('.badge')
        expect(await badges.count()).toBeLessThanOrEqual(2)
        const image = await box(card.locator('img').first())
        for (const badge of await badges.all()) {
          const place = await box(badge)
          expect(overlap(place, image), 'a badge over the product picture').toBe(false)
          // One compact line.
          expect(place.height).toBeLessThan(24)
        }
      }
      for (const card of (await cards(page).all()).slice(0, 8)) {
        const line = card.getByText(/^(Есть|Нет) в магазине$/)
        if ((await line.count()) === 0) continue
        const place = await box(line)
        const price = await box(card.locator('.price'))
        expect(overlap(place, await box(card.locator('img').first()))).toBe(false)
        expect(place.y).toBeGreaterThanOrEqual(price.y + price.height - 1)
      }
    })
  })
}

test.describe('at 360 px', () => {
  // bypassCSP: axe is injected as an inline script.
  test.use({ viewport: PHONE_780, isMobile: true, hasTouch: true, bypassCSP: true })

  test('the first card is on the first screen, picture and all', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    await page.goto(HAIR)
    await waitForHydration(page)
    const picture = await box(cards(page).first().locator('img').first())
    expect(picture.y + picture.height).toBeLessThanOrEqual(PHONE_780.height)
    // «Фильтры» and the sort share one row.
    const toggle = await box(page.getByRole('button', { name: /^Фильтры/ }))
    const sort = await box(page.getByRole('combobox', { name: 'Сортировка' }))
    expect(Math.abs(toggle.y - sort.y)).toBeLessThan(toggle.height / 2)
  })

  test('filters open as a full-screen sheet that shows how many goods remain', async ({ page, baseURL, stack }) => {
    await acceptCookies(page, baseURL!)
    await page.goto(HAIR)
    await waitForHydration(page)
    const toggle = page.getByRole('button', { name: /^Фильтры/ })
    await toggle.click()
    const sheet = page.locator('.filters__body')
    const place = await box(sheet)
    expect(place).toEqual({ x: 0, y: 0, width: PHONE_780.width, height: PHONE_780.height })
    await expect(page.getByRole('button', { name: 'Закрыть фильтры' })).toBeFocused()
    await expect(page.getByRole('dialog', { name: 'Фильтры' })).toBeVisible()
    expect(await seriousViolations(page, '.filters')).toEqual([])

    const panel = page.getByRole('complementary', { name: 'Фильтры' })
    // By keyboard: the filter's navigation leaves focus on the box, inside the sheet.
    const inStock = panel.getByRole('checkbox', { name: /^В наличии/ })
    await inStock.focus()
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/inStock=1/)
    await expect(inStock).toBeChecked()
    await expect(inStock).toBeFocused()
    const brand = panel.locator('.filters__brands label').first()
    const brandName = ((await brand.textContent()) ?? '').replace(/\s*\(\d+\)$/, '')
    await brand.click()
    await expect(page).toHaveURL(/brand=/)
    const slug = new URL(page.url()).searchParams.get('brand')!
    const expected = (await (
      await fetch(`${stack.mockURL}/webgate/v2/goods/search?categoryId=4&inStock=true&brand=${slug}`)
    ).json()) as { total: number }
    const show = page.getByRole('button', { name: /^Показать \d+ товар/ })
    await expect(show).toHaveText(new RegExp(`^Показать ${expected.total} товар`))
    await expect(sheet).toBeInViewport()
    await show.click()
    await expect(sheet).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(cards(page)).toHaveCount(expected.total)

    const chips = page.getByRole('list', { name: 'Выбранные фильтры' })
    await expect(chips.getByRole('link', { name: 'Убрать фильтр: В наличии' })).toBeVisible()
    await chips.getByRole('link', { name: `Убрать фильтр: ${brandName}` }).click()
    await expect(page).not.toHaveURL(/brand=/)
    await expect(page).toHaveURL(/inStock=1/)
  })

  test('the sheet opens in a task after the frame that paints the tap, not in the tap', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    // The page clock holds frames as well as timers: the tap's frame comes when the test moves it.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    await page.goto(HAIR)
    await waitForHydration(page)
    const toggle = page.getByRole('button', { name: /^Фильтры/ })
    await toggle.click()
    const isOpen = () => page.evaluate(() => document.querySelector('.filters.is-open') !== null)
    expect(await isOpen()).toBe(false)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    let pageMs = 0
    while (!(await isOpen()) && pageMs < 100) {
      await page.clock.runFor(1)
      pageMs += 1
    }
    expect(await isOpen()).toBe(true)
    // Within a frame or two of page time: the shopper sees no wait.
    expect(pageMs).toBeLessThanOrEqual(40)
    await expect(page.getByRole('dialog', { name: 'Фильтры' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Закрыть фильтры' })).toBeFocused()
  })

  test('the empty state offers to reset the filters', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    await page.goto(`${HAIR}?priceMin=999999&sort=price-asc`)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Ничего не нашлось' })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Сбросить фильтры' }).last().click()
    await expect(page).toHaveURL(new RegExp(`${HAIR}\\?sort=price-asc$`))
    await expect(cards(page).first()).toBeVisible()
  })

  test('the page’s gateway calls run side by side on a slow gateway', async ({ page, baseURL, stack }) => {
    await acceptCookies(page, baseURL!)
    const delayMs = 2_000
    await fetch(`${stack.mockURL}/__mock/requests`, { method: 'DELETE' })
    await stack.fault({ path: '/webgate/*', delayMs })
    let calls: { at: string; path: string }[]
    try {
      // A sort of its own: no page or data cache holds it. The journal is read once the document
      // answers: the server's loader calls are in, the browser has not started any.
      await page.goto(`/catalog/42-balzamy-i-konditsionery?sort=rating`, { waitUntil: 'commit' })
      calls = (
        (await (await fetch(`${stack.mockURL}/__mock/requests?path=/webgate/*`)).json()) as {
          requests: { at: string; path: string }[]
        }
      ).requests
    } finally {
      await stack.clearFaults()
    }
    const paths = calls.map((item) => item.path)
    expect(paths.some((path) => path.includes('/v2/goods/search'))).toBe(true)
    expect(paths.some((path) => path.includes('/v1/goods/filters'))).toBe(true)
    const starts = calls.map((item) => Date.parse(item.at))
    // One after another they would start a delay apart; side by side they start together.
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(delayMs)
  })
})
