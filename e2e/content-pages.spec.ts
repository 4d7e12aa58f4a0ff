/**
 * Content pages as a shopper meets them: the cookie policy, a popular collection, a promotion, and
 * the registration form.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 } })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

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

test('uses the desktop width for registration and says what is wrong with a birth date in 2099', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // A new phone just verified by SMS: the server's mark that registration may go ahead.
  await page.context().addCookies([{ name: 'customer_code', value: '1', url: baseURL! }])
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
