/** Cookie banner and the age-confirmation modal (issue 5, item 8). */
import { test, expect, waitForHydration } from './fixtures/stack.ts'

/** A seeded age-restricted product (category 71, energy drinks). */
const RESTRICTED_PRODUCT = '/product/10546'

test.describe('cookie banner', () => {
  test('shows until accepted, sets user_agreement=1 for a year, and stays away after reload', async ({ page, context }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Файлы cookie' })
    await expect(banner).toBeVisible()
    await expect(banner.getByRole('link', { name: 'политике cookies' })).toHaveAttribute('href', '/cookie-policy')
    await banner.getByRole('button', { name: 'Принять' }).click()
    await expect(banner).toBeHidden()
    const cookie = (await context.cookies()).find((c) => c.name === 'user_agreement')
    expect(cookie).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' })
    const lifetime = cookie!.expires - Date.now() / 1000
    expect(lifetime).toBeGreaterThan(31556952 - 120)
    expect(lifetime).toBeLessThan(31556952 + 120)
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('region', { name: 'Файлы cookie' })).toHaveCount(0)
  })

  test('is not in the server HTML (rendered after hydration only)', async ({ request }) => {
    const html = await (await request.get('/')).text()
    expect(html).not.toContain('cookie-banner')
  })

  test('sends cookies_view on show and cookies_accept_click on accept', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('analytics.debug', '1'))
    const events: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'info' && message.text().startsWith('[analytics]')) events.push(message.text().split(' ')[1]!)
    })
    await page.goto('/')
    await expect.poll(() => events).toContain('cookies_view')
    await page.getByRole('button', { name: 'Принять' }).click()
    await expect.poll(() => events).toContain('cookies_accept_click')
  })
})

test.describe('age confirmation', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  })

  test('asks on a restricted product with the content blurred, and remembers Да', async ({ page }) => {
    await page.goto(RESTRICTED_PRODUCT)
    const modal = page.getByRole('dialog', { name: 'Вам исполнилось 18 лет?' })
    await expect(modal).toBeVisible()
    await expect(page.locator('#main .age-gate-veil')).toHaveCount(1)
    const filter = await page.locator('#main > *').first().evaluate((el) => getComputedStyle(el).filter)
    expect(filter).toContain('blur')
    await modal.getByRole('button', { name: 'Да, мне есть 18' }).click()
    await expect(modal).toBeHidden()
    await expect(page.locator('#main .age-gate-veil')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('age.confirmed'))).toBe('1')
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('dialog', { name: 'Вам исполнилось 18 лет?' })).toHaveCount(0)
    await expect(page.locator('#main .age-gate-veil')).toHaveCount(0)
  })

  test('leaves for the home page on Нет when the visitor came from elsewhere', async ({ page }) => {
    await page.goto(RESTRICTED_PRODUCT)
    await page.getByRole('dialog', { name: 'Вам исполнилось 18 лет?' }).getByRole('button', { name: 'Нет' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(await page.evaluate(() => localStorage.getItem('age.confirmed'))).toBeNull()
  })

  test('goes back on Нет when the shopper came from a page of the site (client navigation)', async ({ page }) => {
    await page.goto('/catalog/71-energeticheskie-napitki')
    await waitForHydration(page)
    await page.locator('a[href^="/product/10546-"]').first().click()
    const modal = page.getByRole('dialog', { name: 'Вам исполнилось 18 лет?' })
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'Нет' }).click()
    await expect(page).toHaveURL(/\/catalog\/71-energeticheskie-napitki$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Энергетические напитки')
    expect(await page.evaluate(() => localStorage.getItem('age.confirmed'))).toBeNull()
  })

  test('does not ask on goods without an age limit', async ({ page }) => {
    await page.goto('/product/900001')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('dialog', { name: 'Вам исполнилось 18 лет?' })).toHaveCount(0)
  })
})
