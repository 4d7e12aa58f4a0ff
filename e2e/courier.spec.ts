/**
 * Courier delivery at checkout: the address with the store search's suggestions, the
 * city named by `/v1/cities/getbyfiasid`, the delivery window, the Russian validation, and the order
 * that carries them to the gateway and shows them on its page.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { CheckoutPage, openCheckout } from './fixtures/checkout-page.ts'
import { seriousViolations } from './fixtures/axe.ts'
import { CourierForm } from './fixtures/courier-form.ts'
import { OrderPage } from './fixtures/order-page.ts'
import { ANNA_PHONE, keepStore, signIn, ensureInCart } from './fixtures/ecom-shopper.ts'

const PRODUCT_ID = 10030
/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

// axe (below) is injected as an inline script.
test.use({ userAgent: PERSON_UA, bypassCSP: true })

test('delivers by courier: validates in Russian, suggests addresses, sends address and window, and the order page shows them', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await keepStore(page)
  await page.goto(`/product/${PRODUCT_ID}`)
  await ensureInCart(page, PRODUCT_ID)

  // The stored city (Moscow) is named by the gateway from its FIAS id.
  const cityLookup = page.waitForRequest((request) => request.url().includes('/webgate/v1/cities/getbyfiasid?fiasId='))
  await page.goto('/ecom/checkout')
  const checkout = new CheckoutPage(page)
  await expect(checkout.heading).toBeVisible()
  const courier = new CourierForm(page)
  await courier.choose()
  await cityLookup
  await expect(courier.city).toHaveText('Город доставки: Москва')

  // Nothing typed: the order is not sent, the messages say what is missing, focus goes to the street.
  await checkout.choosePayment(/Зарплатная/)
  let ordersSent = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/webgate/v1/checkout/orders')) ordersSent++
  })
  await checkout.placeButton.click()
  await expect(courier.street).toBeFocused()
  await expect(courier.street).toHaveAccessibleDescription(/Укажите улицу и дом/)
  await expect(page.getByText('Выберите время доставки')).toBeVisible()
  expect(await seriousViolations(page, 'main')).toEqual([])

  // A suggestion from another city moves the delivery city there (named again by FIAS id).
  await courier.pickSuggestion('Баума', /ул\. Баумана\s+Казань/)
  await expect(courier.street).toHaveValue('ул. Баумана, д. ')
  await expect(courier.city).toHaveText('Город доставки: Казань, Республика Татарстан')
  await expect(courier.street).toBeFocused()
  await page.keyboard.type('7')
  await expect(courier.street).toHaveAccessibleDescription(/Например/)

  await courier.field('Квартира').fill('12')
  await courier.field('Этаж').fill('пятый')
  const window = await courier.pickFirstWindow()
  await checkout.placeButton.click()
  await expect(courier.field('Этаж')).toBeFocused()
  await expect(courier.field('Этаж')).toHaveAccessibleDescription('Этаж введён некорректно')
  expect(ordersSent).toBe(0)

  await courier.field('Этаж').fill('5')
  await courier.field('Комментарий для курьера').fill('Позвоните за час')
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/webgate/v1/checkout/orders'),
  )
  await checkout.place()
  const body = (await sent).postDataJSON() as { courier: { address: Record<string, string>; slotId: string } }
  expect(body.courier.address).toMatchObject({
    city: 'Казань',
    street: 'ул. Баумана, д. 7',
    flat: '12',
    floor: '5',
    comment: 'Позвоните за час',
  })
  expect(body.courier.slotId).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)

  const order = new OrderPage(page)
  await expect(order.heading).toBeVisible()
  const summary = page.getByRole('complementary', { name: 'Детали заказа' })
  await expect(summary).toContainText('Адрес доставки')
  await expect(summary).toContainText('Казань, ул. Баумана, д. 7, кв. 12, этаж 5')
  await expect(summary).toContainText('Позвоните за час')
  await expect(summary).toContainText(window)
  // The gateway kept them: a fresh load of the order page shows the same.
  await page.reload()
  await expect(page.getByRole('complementary', { name: 'Детали заказа' })).toContainText(
    'Казань, ул. Баумана, д. 7, кв. 12, этаж 5',
  )
})

test('a window that fills up before the order is refused in Russian, offered as full, and another one places the order', async ({
  page,
  stack,
}) => {
  const checkout = await openCheckout(page, stack.baseURL, PRODUCT_ID)
  const courier = new CourierForm(page)
  await courier.choose()
  await checkout.choosePayment(/Зарплатная/)
  // The suggestion taken with the keyboard: arrow down to it, Enter, then the house number.
  await courier.street.fill('Тверск')
  await expect(courier.suggestions.getByRole('option', { name: /ул\. Тверская\s+Москва/ })).toBeVisible()
  await courier.street.press('ArrowDown')
  await expect(courier.street).toHaveAttribute('aria-activedescendant', /.+/)
  await courier.street.press('Enter')
  await expect(courier.street).toHaveValue('ул. Тверская, д. ')
  await courier.street.pressSequentially('3')
  await expect(courier.city).toHaveText('Город доставки: Москва')
  const first = await courier.pickWindow()

  // Another shopper takes the last place in that window meanwhile (the mock's switch).
  const filled = await fetch(`${stack.mockURL}/__mock/delivery-slots/full`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ slotId: first.id }),
  })
  expect(filled.ok).toBe(true)
  await checkout.place()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Это время доставки уже недоступно, выберите другое' }).first(),
  ).toBeVisible()
  await expect(courier.slots.locator(`input[value="${first.id}"]`)).toBeDisabled()
  await expect(courier.slots.getByRole('radio', { checked: true })).toHaveCount(0)
  await expect(page).toHaveURL(/\/ecom\/checkout$/)

  const second = await courier.pickWindow()
  expect(second.id).not.toBe(first.id)
  await checkout.place()
  await expect(new OrderPage(page).heading).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Детали заказа' })).toContainText('Москва, ул. Тверская, д. 3')
  await expect(page.getByRole('complementary', { name: 'Детали заказа' })).toContainText(second.time)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('prices the courier option before it is chosen, says what is left to free delivery, and refuses a dangling «д.»', async ({
    page,
    stack,
  }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await keepStore(page)
    const headers = { origin: stack.baseURL }
    expect((await page.request.delete('/webgate/v1/cart', { headers })).ok()).toBe(true)
    // 1 690 ₽: under the 2 000 ₽ of free delivery.
    const added = await page.request.post('/webgate/v1/cart/items', {
      data: { goodsId: PRODUCT_ID, quantity: 1 },
      headers,
    })
    expect(added.ok()).toBe(true)
    await page.goto('/ecom/checkout')
    await new CheckoutPage(page).choosePickup()
    await expect(page.getByText('Сохраняем…')).toHaveCount(0)
    const option = page.getByRole('radio', { name: /Доставка курьером/ })
    await expect(option.locator('xpath=..')).toContainText(/299\s₽ · бесплатно от 2\s000\s₽/)

    const courier = new CourierForm(page)
    await courier.choose()
    await expect(page.getByText(/До бесплатной доставки осталось 310\s₽/)).toBeVisible()
    // The windows are chips: a day's four fit in two rows at most.
    const day = courier.slots.getByRole('group').first()
    const chips = day.locator('label')
    const first = await chips.first().boundingBox()
    const last = await chips.last().boundingBox()
    expect(last!.y - first!.y).toBeLessThan(2 * first!.height + 16)

    await courier.pickSuggestion('Тверск', /ул\. Тверская\s+Москва/)
    await expect(courier.street).toHaveValue('ул. Тверская, д. ')
    await courier.street.pressSequentially(', д. 7')
    await courier.pickFirstWindow()
    await new CheckoutPage(page).choosePayment(/Зарплатная/)
    await page.getByRole('button', { name: 'Оформить заказ' }).click()
    await expect(page.getByText('Укажите номер дома после «д.»')).toBeVisible()
    await expect(page).toHaveURL(/\/ecom\/checkout$/)
  })
})

test('a change of mind while the last choice is still being saved is saved after it, not dropped', async ({
  page,
  stack,
}) => {
  const checkout = await openCheckout(page, stack.baseURL, PRODUCT_ID)
  const courier = new CourierForm(page)
  const deliveryType = async () =>
    ((await (await page.request.get('/webgate/v1/checkout')).json()) as { deliveryType: string }).deliveryType
  await checkout.choosePickup()
  await expect.poll(deliveryType).toBe('pickup')
  // A slow network: each save of the delivery takes a second and a half.
  await stack.fault({ path: '/webgate/v1/checkout/delivery', delayMs: 1_500 })
  try {
    await courier.choose({ waitForSave: false })
    // Pickup after all, while the courier save is still on its way.
    await checkout.choosePickup()
    await expect(page.getByRole('radio', { name: /^Самовывоз из магазина/ })).toBeChecked()
    // Both saves land in turn: the order can be placed, with the last choice, which the gateway holds.
    // (Dropped, the pickup save left the courier draft on the gateway and the button disabled.)
    await expect(checkout.placeButton).toBeEnabled({ timeout: 10_000 })
    await expect(page.getByText('Сохраняем…')).toHaveCount(0)
    await expect(page.getByRole('radio', { name: /^Самовывоз из магазина/ })).toBeChecked()
    expect(await deliveryType()).toBe('pickup')
  } finally {
    await stack.clearFaults()
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

  test('the address suggestions open above the cookie banner, which the shopper has not answered yet', async ({
    page,
    stack,
  }) => {
    await openCheckout(page, stack.baseURL, PRODUCT_ID)
    // Anna's kept session may carry an agreement an earlier test of this worker gave: not answered here.
    await page.context().clearCookies({ name: 'user_agreement' })
    await page.reload()
    await waitForHydration(page)
    const banner = page.locator('.cookie-banner__inner')
    await expect(banner).toBeVisible()
    const courier = new CourierForm(page)
    await courier.choose()
    // The field mid-screen, as a phone puts a focused field: its list reaches down where the banner is.
    await courier.street.evaluate((field) => field.scrollIntoView({ block: 'center' }))
    await courier.street.fill('ул')
    const options = courier.suggestions.getByRole('option')
    await expect(options.first()).toBeVisible()
    const bannerTop = (await banner.boundingBox())!.y
    // An option lower on the screen than the banner's top: what a tap there reaches is the option.
    const boxes = await options.evaluateAll((all) =>
      all.map((option) => option.getBoundingClientRect().toJSON() as DOMRect),
    )
    const covered = boxes.find((box) => box.top > bannerTop + 4 && box.bottom < 740)
    expect(covered, 'an option where the banner is').toBeDefined()
    const reached = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="option"]')?.textContent ?? null,
      { x: covered!.left + covered!.width / 2, y: covered!.top + covered!.height / 2 },
    )
    expect(reached).not.toBeNull()
    await page.screenshot({ path: 'e2e/artifacts/courier-suggestions-over-banner-360.png' })
  })
})
