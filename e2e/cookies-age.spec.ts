/** Cookie banner and the age-confirmation modal. */
import { test, expect, waitForHydration } from './fixtures/stack.ts'

/** A seeded age-restricted product (category 71, energy drinks). */
const RESTRICTED_PRODUCT = '/product/10546'

test.describe('cookie banner', () => {
  test('shows until accepted, sets user_agreement=1 for a year, and stays away after reload', async ({
    page,
    context,
  }) => {
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

  test('is in the server HTML, the same bytes for a visitor who agreed and one who did not', async ({
    request,
    baseURL,
  }) => {
    // The visitor who agreed asks first: were the render to depend on the cookie, the page it leaves in
    // the page cache would lack the banner, and the second visitor would get that.
    const agreed = await request.get('/cookie-policy', { headers: { cookie: 'user_agreement=1' } })
    const fresh = await request.get(`${baseURL}/cookie-policy`, { headers: { cookie: '' } })
    const [agreedHtml, freshHtml] = [await agreed.text(), await fresh.text()]
    expect(agreedHtml).toContain('class="cookie-banner__text"')
    expect(agreedHtml).toContain('Принять')
    expect(freshHtml).toBe(agreedHtml)
    expect(agreed.headers()['vary'] ?? '').not.toMatch(/cookie/i)
  })

  test('needs no inline script: the consent mark is a file of our origin in the head, and the CSP stays script-src self', async ({
    request,
  }) => {
    const response = await request.get('/')
    const html = await response.text()
    expect(html).not.toMatch(/<script>/)
    const mark = html.match(/<script src="(\/assets\/consent-mark-[^"]+\.js)"><\/script>/)
    expect(mark).not.toBeNull()
    expect(html.indexOf(mark![0])).toBeLessThan(html.indexOf('rel="stylesheet"'))
    expect((await request.get(mark![1]!)).status()).toBe(200)
    const scriptSrc = response
      .headers()
      ['content-security-policy']!.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '))
    expect(scriptSrc).toBe("script-src 'self'")
  })

  test('is hidden before hydration for a visitor who agreed, and shown to one who did not', async ({
    page,
    context,
    baseURL,
  }) => {
    // Without the app's modules the page stays as the server sent it: only the consent mark of the head runs.
    await page.route('**/assets/**/*.js', (route) =>
      route.request().url().includes('/consent-mark-')
        ? route.continue()
        : route.fulfill({ contentType: 'text/javascript', body: '' }),
    )
    await page.goto('/cookie-policy')
    await expect(page.locator('.cookie-banner__text')).toBeVisible()
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await page.goto('/cookie-policy')
    await expect(page.locator('html')).toHaveAttribute('data-agreed', '')
    await expect(page.locator('.cookie-banner')).toHaveCount(1)
    await expect(page.locator('.cookie-banner')).toBeHidden()
  })

  test('never shows in any frame for a visitor who agreed, and is removed once hydrated', async ({
    page,
    context,
    baseURL,
  }) => {
    // Checked before every paint from the first one on (requestAnimationFrame runs ahead of each frame).
    await page.addInitScript(() => {
      const w = window as unknown as { bannerFrames: number; frames: number }
      w.bannerFrames = 0
      w.frames = 0
      const probe = () => {
        w.frames++
        const banner = document.querySelector('.cookie-banner')
        if (banner && banner.checkVisibility()) w.bannerFrames++
        requestAnimationFrame(probe)
      }
      requestAnimationFrame(probe)
    })
    const seen = () =>
      page.evaluate(() => {
        const { bannerFrames, frames } = window as unknown as { bannerFrames: number; frames: number }
        return { bannerFrames, frames }
      })
    // The probe does see the banner when it is there.
    await page.goto('/cookie-policy')
    await waitForHydration(page)
    await expect.poll(async () => (await seen()).bannerFrames).toBeGreaterThan(0)
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await page.goto('/cookie-policy')
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('.cookie-banner')).toHaveCount(0)
    const frames = await seen()
    expect(frames.frames).toBeGreaterThan(0)
    expect(frames.bannerFrames).toBe(0)
  })

  test('sends no cookies_view to a visitor who agreed', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await page.addInitScript(() => localStorage.setItem('analytics.debug', '1'))
    const events: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'info' && message.text().startsWith('[analytics]'))
        events.push(message.text().split(' ')[1]!)
    })
    await page.goto('/')
    await expect.poll(() => events).toContain('page_view')
    await page.waitForLoadState('networkidle')
    expect(events).not.toContain('cookies_view')
  })

  test('sends cookies_view on show and cookies_accept_click on accept', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('analytics.debug', '1'))
    const events: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'info' && message.text().startsWith('[analytics]'))
        events.push(message.text().split(' ')[1]!)
    })
    await page.goto('/')
    await expect.poll(() => events).toContain('cookies_view')
    await page.getByRole('button', { name: 'Принять' }).click()
    await expect.poll(() => events).toContain('cookies_accept_click')
  })
})

test.describe('cookie banner on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

  test('a control focused under the banner is scrolled above it, and nothing is kept once it is accepted', async ({
    page,
  }) => {
    await page.goto('/catalog/4-ukhod-za-volosami')
    await waitForHydration(page)
    const banner = page.getByRole('region', { name: 'Файлы cookie' })
    const bannerTop = (await banner.locator('.cookie-banner__inner').boundingBox())!.y
    // A card's heart, scrolled to where the banner covers it, still inside the screen.
    const heart = page.locator('main .product-card .icon-btn').nth(6)
    const placed = await heart.evaluate((element) => {
      scrollTo(0, element.getBoundingClientRect().top + scrollY - (innerHeight - 80))
      return element.getBoundingClientRect().top
    })
    expect(placed).toBeGreaterThan(bannerTop)
    await heart.focus()
    await expect
      .poll(async () => {
        const box = (await heart.boundingBox())!
        return box.y + box.height
      })
      .toBeLessThanOrEqual(bannerTop)

    await banner.getByRole('button', { name: 'Принять' }).click()
    await expect(banner).toHaveCount(0)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe('auto')
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
    const filter = await page
      .locator('.product-page > .age-gate-veil ~ *')
      .first()
      .evaluate((el) => getComputedStyle(el).filter)
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
