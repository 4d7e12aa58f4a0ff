/**
 * The checkout summary lists only what the order takes: a sold-out cart line stays in the cart and is
 * named only by count under the lines (UX4-02, seen at 360 and 1440).
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { ANNA_PHONE, keepStore, signIn } from './fixtures/ecom-shopper.ts'

/** Goods in stock. */
const GOODS_ID = 10002
/** The seed's goods with one unit left, sold out by the test. */
const LAST_UNIT_ID = 10008

for (const width of [360, 1440]) {
  test(`leaves a sold-out line out of the checkout summary at ${width} px`, async ({ page, stack, baseURL }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await keepStore(page)
    const headers = { origin: stack.baseURL }
    expect((await page.request.delete('/webgate/v1/cart', { headers })).ok()).toBe(true)
    const setStock = (stock: number) =>
      fetch(`${stack.mockURL}/__mock/goods/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ goodsId: LAST_UNIT_ID, stock }),
      })
    // The last unit is there, whatever an earlier spec on this store ordered.
    expect((await setStock(1)).ok).toBe(true)
    for (const goodsId of [GOODS_ID, LAST_UNIT_ID]) {
      const added = await page.request.post('/webgate/v1/cart/items', { data: { goodsId, quantity: 1 }, headers })
      expect(added.ok(), `goods ${goodsId} answered ${added.status()}`).toBe(true)
    }
    expect((await setStock(0)).ok).toBe(true)
    try {
      const cart = (await (await page.request.get('/webgate/v1/cart')).json()) as {
        lines: { goodsId: number; name: string }[]
      }
      const soldOutName = cart.lines.find((line) => line.goodsId === LAST_UNIT_ID)!.name
      const keptName = cart.lines.find((line) => line.goodsId === GOODS_ID)!.name
      await page.goto('/ecom/checkout')
      await waitForHydration(page)
      const summary = page.getByRole('complementary', { name: 'Ваш заказ' })
      await expect(summary.getByRole('listitem').filter({ hasText: keptName })).toBeVisible()
      await expect(summary.getByRole('listitem')).toHaveCount(1)
      await expect(summary).not.toContainText(soldOutName)
      await expect(summary.getByTestId('checkout-set-aside')).toHaveText(
        '1 товара нет в наличии: не войдёт в заказ и останется в корзине.',
      )
      await page.screenshot({ path: `e2e/artifacts/checkout-set-aside-${width}.png`, fullPage: true })
    } finally {
      await setStock(1)
    }
  })
}
