/**
 * The payment methods of the e-commerce hub on a phone: the hosted card form and its return, one card
 * saved once, the SBP wording, and the section's heading kept in view while the hub's data arrives.
 */
import { test, expect, startStack, waitForHydration } from './fixtures/stack.ts'
import { PaymentMethodsPage } from './fixtures/payment-methods-page.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 } })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
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
  const menu = await methods.openMenu('СБП, Северный банк')
  await menu.getByRole('menuitem', { name: 'Отключить' }).click()
  const dialog = page.getByRole('dialog', { name: 'Отключить СБП?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Отключить' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Удалить' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(dialog).toBeHidden()
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

test('names each saved method once, by its network, last digits and expiry', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  const methods = new PaymentMethodsPage(page)
  await methods.goto()
  // A Мир card of its own (other tests of this worker may rename or delete the seeded one).
  await methods.addCard({ number: '2200 0000 0000 0004', expiry: '09/31', cvc: '123' })
  const mir = methods.item('до 09/31')
  await expect(mir).toContainText('Мир •• 0004, до 09/31')
  // The gateway's own name «Мир» is not repeated above the details.
  expect((await mir.innerText()).match(/Мир/g)).toHaveLength(1)
  const sbp = methods.item('Северный банк')
  expect((await sbp.innerText()).match(/Северный банк/g)).toHaveLength(1)
  // A name the shopper gave stays, with the details under it.
  await expect(methods.item('Зарплатная')).toContainText('Visa •• 4242, до 12/29')
})

test('offers the actions of a method in one «⋯» menu that Escape closes', async ({ page }) => {
  // Its own store: other tests of the worker add, name and delete Anna's cards.
  const stack = await startStack()
  try {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await page.goto(`${stack.baseURL}/ecom`)
    const methods = new PaymentMethodsPage(page)
    await expect(methods.section.getByRole('button', { name: /^Переименовать/ })).toHaveCount(0)
    const button = methods.section.getByRole('button', { name: 'Действия: Мир •• 0004, до 08/28' })
    await button.click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveText(['Сделать основным', 'Дать название', 'Удалить'])
    await expect(menu.getByRole('menuitem', { name: 'Сделать основным' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Дать название' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
  } finally {
    await stack.stop()
  }
})

test('marks the banks already linked for SBP and does not offer them', async ({ page }) => {
  // Its own store: ecom.spec links another bank for Anna.
  const stack = await startStack()
  try {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await page.goto(`${stack.baseURL}/ecom`)
    const methods = new PaymentMethodsPage(page)
    await methods.section.getByRole('button', { name: 'Подключить СБП' }).click()
    const dialog = page.getByRole('dialog', { name: 'Подключить СБП' })
    const linked = dialog.getByRole('radio', { name: /Северный банк/ })
    await expect(linked).toBeDisabled()
    await expect(dialog.locator('label').filter({ hasText: 'Северный банк' })).toContainText('Подключён')
    await expect(dialog.getByRole('radio', { name: /Банк Волга/ })).toBeEnabled()
  } finally {
    await stack.stop()
  }
})

test('keeps the typed card number on the hosted form after it is refused', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  const methods = new PaymentMethodsPage(page)
  await methods.goto()
  await methods.section.getByRole('button', { name: 'Добавить карту' }).click()
  await page.waitForURL(/\/payform\//)
  await page.getByLabel('Номер карты').fill('4242 4242 4242 4241')
  await page.getByLabel('Срок действия').fill('10/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Привязать карту' }).click()
  await expect(page.getByRole('alert')).toHaveText('Проверьте номер карты')
  await expect(page.getByLabel('Номер карты')).toHaveValue('4242 4242 4242 4241')
  await expect(page.getByLabel('CVC')).toHaveValue('')
})
