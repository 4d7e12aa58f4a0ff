/**
 * «В корзину» on a goods page when the cart arrives after the page (goods already in the cart): a tap in
 * that moment adds nothing twice, and the stepper that takes the button's place ignores a tap aimed at
 * the button. A phone (360 px, touch), where the walkthrough saw it.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { ANNA_PHONE, keepStore, signIn } from './fixtures/ecom-shopper.ts'

/** Goods in stock. */
const GOODS_ID = 10002

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true })

test.beforeEach(async ({ page, stack }) => {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: stack.baseURL }])
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await keepStore(page)
  const headers = { origin: stack.baseURL }
  expect((await page.request.delete('/webgate/v1/cart', { headers })).ok()).toBe(true)
  const added = await page.request.post('/webgate/v1/cart/items', { data: { goodsId: GOODS_ID, quantity: 1 }, headers })
  expect(added.ok()).toBe(true)
  // The cart answers late, as on a slow network.
  await stack.fault({ path: '/webgate/v1/cart', delayMs: 2_000 })
})

test.afterEach(async ({ stack }) => {
  await stack.clearFaults()
})

const cartQuantity = async (page: import('@playwright/test').Page) => {
  const cart = (await (await page.request.get('/webgate/v1/cart')).json()) as {
    lines: { goodsId: number; quantity: number }[]
  }
  return cart.lines.find((line) => line.goodsId === GOODS_ID)?.quantity ?? 0
}

test('a tap on «В корзину» before the cart arrives adds nothing already there', async ({ page }) => {
  await page.goto(`/product/${GOODS_ID}`)
  await waitForHydration(page)
  const actions = page.locator('.product-page__actions')
  await actions.scrollIntoViewIfNeeded()
  await actions.getByRole('button', { name: 'В корзину' }).tap()
  const stepper = actions.getByRole('group', { name: /^Количество:/ })
  await expect(stepper.getByRole('status')).toHaveText('1', { timeout: 15_000 })
  await page.screenshot({ path: 'e2e/artifacts/cart-button-late-cart-360.png' })
  expect(await cartQuantity(page)).toBe(1)
})

test('the stepper that takes the button’s place ignores a tap for a moment', async ({ page }) => {
  await page.clock.install()
  const cartAsked = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/webgate/v1/cart' && request.method() === 'GET',
  )
  await page.goto(`/product/${GOODS_ID}`)
  await waitForHydration(page)
  const actions = page.locator('.product-page__actions')
  await actions.scrollIntoViewIfNeeded()
  await expect(actions.getByRole('button', { name: 'В корзину' })).toBeVisible()
  await cartAsked
  // The page's time stands still from here: the swap below is the moment a finger is on its way.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
  const stepper = actions.getByRole('group', { name: /^Количество:/ })
  await expect(stepper).toBeVisible({ timeout: 15_000 })
  const minus = (await stepper.getByRole('button', { name: 'Уменьшить количество' }).boundingBox())!
  await page.touchscreen.tap(minus.x + minus.width / 2, minus.y + minus.height / 2)
  await expect(stepper.getByRole('status')).toHaveText('1')
  expect(await cartQuantity(page)).toBe(1)
  // A moment later the stepper works.
  await page.clock.runFor(1_000)
  await page.touchscreen.tap(minus.x + minus.width / 2, minus.y + minus.height / 2)
  await expect(actions.getByRole('button', { name: 'В корзину' })).toBeVisible()
  expect(await cartQuantity(page)).toBe(0)
})
