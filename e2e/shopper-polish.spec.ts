/**
 * Shopper polish (issue 14): the thanks after placing an order, honest cancel and payment texts,
 * one card saved once, the return from the hosted card form to the payment methods, the SBP wording,
 * the `/ecom` links of the user menu, and the tab title after a slow client navigation.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { CheckoutPage } from './fixtures/checkout-page.ts'
import { PaymentMethodsPage } from './fixtures/payment-methods-page.ts'
import { ANNA_PHONE, freshPhone, keepStore, signIn } from './fixtures/ecom-shopper.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 } })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test('thanks the shopper after placing an order, names the card network, and promises no refund for an unpaid order', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await keepStore(page)
  await page.goto('/product/10030')
  await waitForHydration(page)
  const add = page.getByRole('button', { name: 'В корзину' })
  if (await add.isVisible()) await add.click()
  await expect(page.getByRole('link', { name: 'В корзине' })).toBeVisible()
  await page.goto('/ecom/checkout')
  const checkout = new CheckoutPage(page)
  await checkout.choosePickup()
  await checkout.choosePayment(/Зарплатная/)
  await checkout.place()

  const thanks = page.getByRole('status').filter({ hasText: 'Спасибо, заказ оформлен' })
  await expect(thanks).toBeVisible()
  await expect(thanks).toContainText(/Номер заказа AU-\d+/)
  await expect(page.getByText('Visa •• 4242')).toBeVisible()
  await expect(page.getByText(/Карта ••/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  const dialog = page.getByRole('dialog', { name: /^Отменить заказ AU-\d+\?$/ })
  await expect(dialog).toContainText('Заказ ещё не оплачен')
  await expect(dialog).not.toContainText('Деньги вернутся')
  await dialog.getByRole('button', { name: 'Не отменять' }).click()

  // Thanked once: a reload shows the order alone.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ AU-\d+$/ })).toBeVisible()
  await expect(thanks).toHaveCount(0)
})

test('returns from the hosted card form to the payment methods and refuses the same card twice', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  const methods = new PaymentMethodsPage(page)
  await methods.goto()
  const card = { number: '4111 1111 1111 1111', expiry: '10/30', cvc: '123' }

  await methods.addCard(card)
  await expect(page.getByText('Карта добавлена')).toBeVisible()
  await expect(page).toHaveURL(/\/ecom#payment-methods$/)
  await expect(methods.section.getByRole('heading', { name: 'Способы оплаты' })).toBeInViewport()
  const count = await methods.items.count()

  await methods.addCard(card)
  await expect(page.getByText('Эта карта уже привязана')).toBeVisible()
  await expect(methods.items).toHaveCount(count)
  await expect(methods.item('•• 1111')).toHaveCount(1)
})

test('asks to switch SBP off with the word it acts with', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  const methods = new PaymentMethodsPage(page)
  await methods.goto()
  await methods.section.getByRole('button', { name: 'Отключить: СБП — Северный банк' }).click()
  const dialog = page.getByRole('dialog', { name: 'Отключить СБП?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Отключить' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Удалить' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(dialog).toBeHidden()
})

test('links the orders and payment methods from the user menu of an e-commerce shopper', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Анна' }).click()
  await expect(page.getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('href', '/ecom')
  await page.getByRole('link', { name: 'Способы оплаты' }).click()
  await expect(page).toHaveURL(/\/ecom#payment-methods$/)
  await expect(
    page.getByRole('region', { name: 'Способы оплаты' }).getByRole('heading', { name: 'Способы оплаты' }),
  ).toBeInViewport()
})

test('keeps the payment methods heading in view when the hub data comes after the page is shown', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await page.goto('/')
  await waitForHydration(page)
  // Slower than the transition wait: the hub is shown with placeholders, the orders grow above the anchor.
  for (const path of ['/webgate/v1/orders*', '/webgate/v2/orders/active*', '/webgate/v1/payment-methods*'])
    await stack.fault({ path, delayMs: 600 })
  try {
    await page.getByRole('button', { name: 'Анна' }).click()
    await page.getByRole('link', { name: 'Способы оплаты' }).click()
    await expect(page.locator('.orders-list')).toHaveCount(2)
    await expect(
      page.getByRole('region', { name: 'Способы оплаты' }).getByRole('button', { name: 'Добавить карту' }),
    ).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Способы оплаты' }).getByRole('heading', { name: 'Способы оплаты' }),
    ).toBeInViewport()
  } finally {
    await stack.clearFaults()
  }
})

test('shows no e-commerce links in the user menu of a shopper without e-commerce', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, freshPhone())
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Тест' }).click()
  await expect(page.getByRole('button', { name: 'Мои данные' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Мои заказы' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Способы оплаты' })).toHaveCount(0)
})

test('gives the tab the page title once the data of a slow client navigation arrives', async ({ page, stack }) => {
  await page.goto('/articles')
  await waitForHydration(page)
  await stack.fault({ path: '/webgate/v3/categories/store*', delayMs: 1500 })
  try {
    await page.evaluate(() => history.pushState(null, '', '/catalog/62-sredstva-dlya-stirki'))
    await expect(page.getByRole('heading', { level: 1, name: 'Средства для стирки' })).toBeVisible()
    await expect(page).toHaveTitle(/^Средства для стирки — купить в интернет-магазине/)
  } finally {
    await stack.clearFaults()
  }
})

test.describe('content pages', () => {
  test('prints the cookie policy intro once and links its e-mail address', async ({ page }) => {
    await page.goto('/cookie-policy')
    await expect(
      page.getByText('Сайт использует файлы cookie, чтобы запоминать данные для входа и ваши настройки.'),
    ).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'privacy@aurora.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@aurora.example',
    )
  })

  test('shows the heading of a popular collection once and its banner uncropped', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/popular/1-khity-mesyatsa')
    await expect(page.getByRole('heading', { name: 'Хиты месяца' })).toHaveCount(1)
    const image = page.locator('.publication__image')
    const { rendered, natural } = await image.evaluate((img: HTMLImageElement) => ({
      rendered: img.clientWidth / img.clientHeight,
      natural: img.naturalWidth / img.naturalHeight,
    }))
    expect(Math.abs(rendered - natural)).toBeLessThan(0.02)
  })

  test('keeps the promo badge its own size and fills the promo image box', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/promo-product/30')
    const badge = page.locator('.promo-page__badge')
    const title = page.getByRole('heading', { level: 1 })
    expect((await badge.boundingBox())!.width).toBeLessThan((await title.boundingBox())!.width / 3)
    await page.goto('/promo-catalog')
    const fit = await page
      .locator('.promo-card .product-card__image')
      .first()
      .evaluate((img) => getComputedStyle(img).objectFit)
    expect(fit).toBe('cover')
  })

  test('uses the desktop width for registration and says what is wrong with a birth date in 2099', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/registration')
    await waitForHydration(page)
    const form = page.locator('form.auth-form')
    expect((await form.boundingBox())!.width).toBeGreaterThan(900)
    await page.getByLabel('Имя').fill('Анна')
    await page.getByLabel('Дата рождения').pressSequentially('01012099')
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await expect(page.getByText('Дата рождения не может быть в будущем')).toBeVisible()
    await expect(page.getByText('Укажите дату в формате ДД.ММ.ГГГГ')).toHaveCount(0)
  })
})
