/**
 * The home page's first load and client-side navigation as a shopper meets them: a route and back
 * without a page load, and the tab title after a slow navigation — all without console errors or
 * hydration warnings (the fixture fails the test on any).
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test('loads the home page with its toolbar and footer', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'Каталог' }).first()).toBeVisible()
  await expect(page.getByRole('search')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('navigates client-side to another route and back without a page load', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => {
    ;(window as unknown as { __marker: number }).__marker = 42
  })
  await page.getByRole('contentinfo').getByRole('link', { name: 'Политика cookie' }).click()
  await expect(page).toHaveURL(/\/cookie-policy$/)
  await expect(page.getByRole('heading', { level: 1, name: /Cookies на/ })).toBeVisible()
  await expect(page).toHaveTitle(/Cookies на/)
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  // The marker survives: both navigations happened without a document load.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42)
})

test.describe('a shopper on a phone', () => {
  test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 } })

  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
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
})
