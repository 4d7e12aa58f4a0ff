/**
 * The chosen store: shown in full in the toolbar, and taken over from the shopper's cart instead of
 * asked again.
 */
import { test, expect, startStack } from './fixtures/stack.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { acceptCookies, DESKTOP, PHONE, toast } from './fixtures/layout.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('store', () => {
  test('the toolbar shows the chosen store (city and street) in full at 360 px, and the confirmation says the street once', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await picker.chooseButton('ул. Баумана').click()
    const confirmation = toast(page)
    await expect(confirmation).toContainText('Магазин выбран')
    const description = (await confirmation.locator('.toast__description').textContent()) ?? ''
    expect(description.split('ул. Баумана')).toHaveLength(2)
    await expect(picker.toolbarButton).toContainText('Казань')
    await expect(picker.toolbarButton).toContainText('ул. Баумана')
    // Nothing is cut: the label fits its button.
    const cut = await picker.toolbarButton
      .locator('.toolbar__store-street')
      .evaluate((element) => element.scrollWidth > element.clientWidth)
    expect(cut).toBe(false)
    await page.setViewportSize(DESKTOP)
    await expect(picker.toolbarButton).toContainText('ул. Баумана')
  })

  for (const [width, viewport] of [
    ['360', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    test(`the header names the cart's pickup store from sign-in on, before the cart is opened, at ${width} px`, async ({
      page,
      stack,
    }) => {
      await page.setViewportSize(viewport)
      await signIn(page, stack.baseURL, ANNA_PHONE)
      const set = await page.request.put(`${stack.baseURL}/webgate/v1/checkout/delivery`, {
        data: { deliveryType: 'pickup', storeCode: 'AU-MSK-001' },
        headers: { origin: stack.baseURL },
      })
      expect(set.ok()).toBe(true)
      await page.goto('/')
      const toolbar = new StorePickerPage(page).toolbarButton
      await expect(toolbar).not.toContainText('Выберите магазин')
      await expect(toolbar).toContainText('Москва')
      await expect.poll(() => page.evaluate(() => localStorage.getItem('shop.code'))).toBe('AU-MSK-001')
    })
  }

  test("the cart takes over the store the shopper's cart already has instead of asking again", async ({ page }) => {
    // Its own stack: Anna's seeded cart (with its store) is intact, whatever orders other tests placed.
    const stack = await startStack()
    try {
      await page.setViewportSize(PHONE)
      await signIn(page, stack.baseURL, ANNA_PHONE)
      await page.goto(`${stack.baseURL}/ecom/cart`)
      await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Ваш заказ' })).toBeVisible()
      await expect(page.getByRole('dialog', { name: 'Выберите магазин' })).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Выберите магазин, чтобы продолжить' })).toHaveCount(0)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('shop.code'))).toBeTruthy()
      await expect(new StorePickerPage(page).toolbarButton).not.toContainText('Выберите магазин')
      // The label is whole: no ellipsis cuts it.
      const checkout = page.getByRole('link', { name: 'Перейти к оформлению' })
      expect(await checkout.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    } finally {
      await stack.stop()
    }
  })
})
