/**
 * The map, the position and the ads: the first-visit city guess by a consented position and by the client
 * address of the trusted proxy chain, and the home page's ad slots filled by the ad network's
 * (stand-in) script only with ADFOX_OWNER_ID set.
 */
import { test, expect, startStack, type Stack } from './fixtures/stack.ts'

/** A desktop browser's user agent: the first-visit prompt is never shown to bots. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
/** Central Kazan. */
const KAZAN = { latitude: 55.7887, longitude: 49.1221 }

test.describe('first-visit city guess', () => {
  test.use({ userAgent: PERSON_UA })

  // Cookies answered: the prompt waits for the cookie banner on a first visit.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  })

  test('asks about Moscow for a loopback visitor who has not allowed geolocation', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('dialog', { name: 'Ваш магазин — Москва?' })).toBeVisible()
  })

  test('guesses the city by coordinates once the shopper has allowed geolocation', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation(KAZAN)
    const geo = page.waitForRequest((r) => r.url().includes('/webgate/geo?') && r.url().includes('lat=55.7887'))
    await page.goto('/')
    await geo
    const prompt = page.getByRole('dialog', { name: 'Ваш магазин — Казань?' })
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Да' }).click()
    await expect(page.getByRole('banner').locator('.toolbar__store')).toContainText('Казань')
  })
})

test.describe('city guess by the client address behind a trusted proxy', () => {
  let proxied: Stack
  test.beforeAll(async () => {
    proxied = await startStack({ TRUST_PROXY: '127.0.0.1' })
  })
  test.afterAll(async () => {
    await proxied.stop()
  })
  // The mock maps 10.2.x.x to Saint Petersburg; the storefront trusts the loopback proxy's header.
  test.use({ userAgent: PERSON_UA, extraHTTPHeaders: { 'x-forwarded-for': '10.2.0.7' } })

  test('asks about the city of the forwarded address', async ({ page, context }) => {
    await context.addCookies([{ name: 'user_agreement', value: '1', url: proxied.baseURL }])
    await page.goto(`${proxied.baseURL}/`)
    await expect(page.getByRole('dialog', { name: 'Ваш магазин — Санкт-Петербург?' })).toBeVisible()
  })
})

test.describe('advertising slots', () => {
  test('render no slot box at all without ADFOX_OWNER_ID', async ({ page, stack }) => {
    const response = await page.goto('/')
    await expect(page.locator('.product-card').first()).toBeVisible()
    await expect(page.locator('.ad-slot')).toHaveCount(0)
    expect(response?.headers()['content-security-policy']).not.toMatch(new RegExp(`script-src [^;]*${stack.mockURL}`))
  })

  test.describe('with ADFOX_OWNER_ID set', () => {
    let ads: Stack
    test.beforeAll(async () => {
      ads = await startStack({ ADFOX_OWNER_ID: '123456' })
    })
    test.afterAll(async () => {
      await ads.stop()
    })

    test("load the ad network's script from its allowed origin and fill the slots", async ({ page }) => {
      const loader = page.waitForRequest((r) => r.url() === `${ads.mockURL}/__adfox/loader.js`)
      const response = await page.goto(`${ads.baseURL}/`)
      expect(response?.headers()['content-security-policy']).toMatch(
        new RegExp(`script-src 'self' [^;]*${ads.mockURL}`),
      )
      await loader
      const top = page.locator('.ad-slot[data-placement="top"]')
      await expect(top).toHaveAttribute('data-ad-state', 'filled')
      await expect(top.locator('#adfox_top_1 .adfox-stand-in')).toHaveText(
        'Реклама: предложение недели (top, площадка 123456)',
      )
      await expect(page.locator('.ad-slot[data-placement="middle"] .adfox-stand-in')).toBeVisible()
      // One script for every slot.
      expect(await page.locator(`script[src="${ads.mockURL}/__adfox/loader.js"]`).count()).toBe(1)
    })

    test('show the fallback banner when the ad script cannot load', async ({ page, consoleProblems }) => {
      await page.route(`${ads.mockURL}/__adfox/loader.js`, (route) => route.abort())
      await page.goto(`${ads.baseURL}/`)
      const top = page.locator('.ad-slot[data-placement="top"]')
      await expect(top).toHaveAttribute('data-ad-state', 'failed')
      await expect(top.getByRole('link', { name: 'Рекламное предложение' })).toBeVisible()
      // The aborted loader is the only console error, and it is this test's doing.
      expect(consoleProblems.every((problem) => problem.includes('Failed to load resource'))).toBe(true)
      consoleProblems.length = 0
    })
  })
})
