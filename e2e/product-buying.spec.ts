/**
 * Buying from a goods page on a phone and the cart's lines: the bottom buy bar with the price, the
 * quantity stepper and «Оформить» after adding, the full-screen gallery, the description tabs by
 * keyboard, sold-out goods leading to similar ones, the promotion's dates by its price, the reviews
 * state in the server HTML, and sold-out lines set aside in the cart.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { CartPage } from './fixtures/cart-page.ts'
import { ANNA_PHONE, keepStore, signIn } from './fixtures/ecom-shopper.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
/** Goods in stock with three photos and a composition. */
const GOODS_ID = 10002
/** The seed's sold-out goods. */
const SOLD_OUT_ID = 10007
/** The seed's goods with one unit left. */
const LAST_UNIT_ID = 10008

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 780 }, hasTouch: true })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test('keeps the price and «В корзину» at the bottom of a phone screen, then a stepper and «Оформить»', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await keepStore(page)
  // Not in the cart yet (an earlier test of this worker may have put it there).
  await page.request.delete(`/webgate/v1/cart/items/${GOODS_ID}`, { headers: { origin: stack.baseURL } })
  await page.goto(`/product/${GOODS_ID}`)
  await waitForHydration(page)
  const bar = page.locator('.buy-bar')
  await expect(bar).toBeVisible()
  await expect(bar.getByRole('button', { name: 'В корзину' })).toBeInViewport()
  await expect(bar).toContainText('₽')

  await bar.getByRole('button', { name: 'В корзину' }).click()
  const stepper = bar.getByRole('group', { name: /^Количество:/ })
  await expect(stepper.getByRole('status')).toHaveText('1')
  await expect(bar.getByRole('link', { name: 'Оформить' })).toHaveAttribute('href', '/ecom/checkout')
  await stepper.getByRole('button', { name: 'Увеличить количество' }).click()
  await expect(stepper.getByRole('status')).toHaveText('2')
  await expect(stepper).not.toHaveAttribute('aria-busy', 'true')

  // The buy box in view: the bar steps aside, the box shows the same stepper.
  await page.locator('.product-page__actions').scrollIntoViewIfNeeded()
  await expect(bar).toBeHidden()
  const boxStepper = page.locator('.product-page__actions').getByRole('group', { name: /^Количество:/ })
  await expect(boxStepper.getByRole('status')).toHaveText('2')
  await boxStepper.getByRole('button', { name: 'Уменьшить количество' }).click()
  await expect(boxStepper.getByRole('status')).toHaveText('1')
  await expect(boxStepper).not.toHaveAttribute('aria-busy', 'true')
  // − at 1 takes the goods out of the cart.
  await boxStepper.getByRole('button', { name: 'Уменьшить количество' }).click()
  await expect(page.locator('.product-page__actions').getByRole('button', { name: 'В корзину' })).toBeVisible()
})

test('opens the photo full screen on a tap, swipes on, closes on Escape with focus back', async ({ page }) => {
  await page.goto(`/product/${GOODS_ID}`)
  await waitForHydration(page)
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  const image = page.getByRole('button', { name: /Открыть на весь экран/ })
  await image.click()
  const viewer = page.getByRole('dialog', { name })
  await expect(viewer).toBeVisible()
  const box = await viewer.boundingBox()
  expect(Math.round(box!.width)).toBe(360)
  expect(Math.round(box!.height)).toBe(780)
  await expect(viewer.getByText('1 из 3')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(viewer.getByText('2 из 3')).toBeVisible()
  // Focus stays in the dialog.
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab')
    expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(image).toBeFocused()
})

test('moves between the description tabs with the arrow keys', async ({ page }) => {
  await page.goto(`/product/${GOODS_ID}`)
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'Описание' }).click()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Состав' })).toBeFocused()
  await expect(page.getByRole('tab', { name: 'Состав' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Характеристики' })).toBeFocused()
  await page.keyboard.press('Home')
  await expect(page.getByRole('tab', { name: 'Описание' })).toBeFocused()
})

test('leads from sold-out goods to similar ones instead of a disabled button', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await page.goto(`/product/${SOLD_OUT_ID}`)
  await waitForHydration(page)
  await expect(page.getByText('Нет в наличии', { exact: true })).toBeVisible()
  await expect(page.locator('.product-page__actions').getByRole('button', { name: 'В корзину' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Похожие товары' }).click()
  await expect(page.getByRole('heading', { name: 'Похожие товары' })).toBeInViewport()
  // Similar goods come before the description.
  const similar = await page.getByRole('heading', { name: 'Похожие товары' }).boundingBox()
  const tabs = await page.getByRole('tablist', { name: 'Информация о товаре' }).boundingBox()
  expect(similar!.y).toBeLessThan(tabs!.y)
})

test('names the promotion’s dates by its price and shows its discount once on a card', async ({ page }) => {
  await page.goto('/promo-product/30')
  await waitForHydration(page)
  const buy = page.locator('.product-page__buy')
  await expect(buy).toContainText(/Акция с \d+ \S+( \d{4})? по \d+ \S+/)

  await page.goto('/promo-catalog')
  await waitForHydration(page)
  const card = page.locator('.promo-card').filter({ hasText: /−\d+%/ }).first()
  await expect(card).toBeVisible()
  const badge = (await card.locator('.badge--sale').first().textContent())!.trim()
  expect((await card.innerText()).split(badge).length - 1).toBe(1)
})

test('says «Отзывов пока нет» in the server HTML only for goods without reviews', async ({ browser, stack }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, userAgent: PERSON_UA })
  try {
    const page = await noScript.newPage()
    // Promo 9 is about goods without reviews; promo 30 about goods with 9 reviews.
    await page.goto(`${stack.baseURL}/promo-product/9`)
    const reviews = page.getByRole('region', { name: 'Отзывы покупателей' })
    await expect(reviews.getByRole('heading', { name: 'Отзывов пока нет' })).toBeVisible()
    await page.goto(`${stack.baseURL}/promo-product/30`)
    await expect(page.locator('.product-page__rating')).toContainText('9 отзывов')
    await expect(reviews.getByText('Отзывов пока нет')).toHaveCount(0)
    await expect(reviews.getByText('Загружаем отзывы…')).toBeVisible()
  } finally {
    await noScript.close()
  }
})

test('sets a sold-out line aside in the cart, out of the total, and still lets the rest be ordered', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await keepStore(page)
  const headers = { origin: stack.baseURL }
  expect((await page.request.delete('/webgate/v1/cart', { headers })).ok()).toBe(true)
  // The last unit is there, whatever an earlier spec on this store ordered.
  const restock = await fetch(`${stack.mockURL}/__mock/goods/stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ goodsId: LAST_UNIT_ID, stock: 1 }),
  })
  expect(restock.ok).toBe(true)
  for (const goodsId of [GOODS_ID, LAST_UNIT_ID]) {
    const added = await page.request.post('/webgate/v1/cart/items', { data: { goodsId, quantity: 1 }, headers })
    expect(added.ok(), `goods ${goodsId} answered ${added.status()}`).toBe(true)
  }
  const stock = await fetch(`${stack.mockURL}/__mock/goods/stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ goodsId: LAST_UNIT_ID, stock: 0 }),
  })
  expect(stock.ok).toBe(true)
  try {
    const cart = new CartPage(page)
    await cart.goto()
    await expect(cart.lines).toHaveCount(1)
    const soldOut = page.getByRole('region', { name: 'Нет в наличии' })
    await expect(soldOut.getByRole('listitem')).toHaveCount(1)
    await expect(soldOut.locator(`[data-goods-id="${LAST_UNIT_ID}"]`)).toBeVisible()
    const line = cart.lines.first()
    const lineSum = (await line.locator('.cart-line__total').innerText()).replace(/\D/g, '')
    expect((await cart.total.innerText()).replace(/\D/g, '')).toBe(lineSum)
    // The volume is on its own line, never clamped away.
    await expect(line.locator('.cart-line__volume')).toHaveText(/^,?\s*\d+/)
    await expect(page.getByRole('link', { name: 'Перейти к оформлению' })).toBeVisible()
  } finally {
    await fetch(`${stack.mockURL}/__mock/goods/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ goodsId: LAST_UNIT_ID, stock: 1 }),
    })
  }
})
