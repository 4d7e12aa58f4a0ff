/**
 * The `/ecom` links of the user menu: shown to an e-commerce shopper, absent for one without e-commerce.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { ANNA_PHONE, freshPhone, signIn } from './fixtures/ecom-shopper.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 } })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
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

test('shows no e-commerce links in the user menu of a shopper without e-commerce', async ({ page, stack }) => {
  await signIn(page, stack.baseURL, freshPhone())
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Тест' }).click()
  await expect(page.getByRole('button', { name: 'Мои данные' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Мои заказы' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Способы оплаты' })).toHaveCount(0)
})

test('heads the user menu with the shopper’s name and phone and tells the two profile entries apart', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Анна' }).click()
  const menu = page.locator('.user-menu__list')
  const head = menu.getByRole('listitem').first()
  await expect(head).toContainText('Анна')
  await expect(head).toContainText('+7 (900) 000-00-01')
  const external = menu.getByRole('link', { name: /^Профиль на основном сайте/ })
  await expect(external).toContainText(/откроется \S+/)
  await expect(menu.getByRole('button', { name: /^Мои данные и подписки/ })).toBeVisible()
})
