/**
 * Runtime config: the public config of spec section 3 reaches the browser, and a
 * JSON object under the `config.override` local-storage key overrides its values; an invalid
 * override is ignored.
 */
import { test, expect } from './fixtures/stack.ts'

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test('exposes the public config of spec section 3 in the page', async ({ page }) => {
  await page.goto('/')
  const config = await page.evaluate(
    () =>
      JSON.parse(
        document.getElementById('__BOOT__')?.textContent ??
          document.querySelector('script[type="application/json"]')?.textContent ??
          '{}',
      ).config,
  )
  for (const key of ['config', 'kfpCid', 'version', 'debug', 'ecom', 'favoritesAvailable', 'clientName', 'aud'])
    expect(config).toHaveProperty(key)
})

test('shows ad slots on the home page when the override sets adfoxOwnerId', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('complementary', { name: 'Реклама' })).toHaveCount(0)
  await page.evaluate(() => localStorage.setItem('config.override', JSON.stringify({ adfoxOwnerId: '777' })))
  await page.reload()
  await expect(page.getByRole('complementary', { name: 'Реклама' }).first()).toBeVisible()
})

test('hides favorites on a product page when the override sets favoritesAvailable to false', async ({ page }) => {
  await page.goto('/product/10001')
  const favorite = page.getByRole('main').getByRole('button', { name: /избранное/i })
  await expect(favorite.first()).toBeVisible()
  await page.evaluate(() => localStorage.setItem('config.override', JSON.stringify({ favoritesAvailable: false })))
  await page.reload()
  await page.waitForLoadState('networkidle')
  await expect(favorite).toHaveCount(0)
})

test('ignores an override that is not valid JSON or breaks the config schema', async ({ page }) => {
  await page.goto('/')
  for (const override of ['{not json', JSON.stringify({ adfoxOwnerId: 777 })]) {
    await page.evaluate((value) => localStorage.setItem('config.override', value), override)
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('complementary', { name: 'Реклама' })).toHaveCount(0)
  }
})
