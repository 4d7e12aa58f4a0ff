/**
 * Visual review: every page kind and the main dialogs at 360 and 1440 px, compared with the
 * approved baselines in `e2e/visual.spec.ts-snapshots/` (playwright.config.ts holds the tolerance).
 * A layout that breaks fails `npm test`; an intended change is approved with
 * `npm run test:visual:update` after looking at every changed PNG (README "Visual review").
 *
 * Deterministic on purpose: a store of its own (nothing other specs change), the mock's seed and a
 * clock standing still at one instant on both sides (MOCK_NOW, `page.clock`), fonts fixed to the
 * Liberation families Debian's chromium package brings (e2e/visual.css), animations and caret off,
 * lazy images loaded before the shot.
 */
import type { Page } from '@playwright/test'
import { test as storeTest, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'
import { ANNA_PHONE, keepStore, signIn } from './fixtures/ecom-shopper.ts'
import { LoginDialog } from './fixtures/login-dialog.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

/** The instant the mock's clock and the browser's clock stand at (a Monday, noon in Moscow). */
const NOW = '2026-03-02T09:00:00.000Z'
/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
/** The seeded shopper with an incomplete profile. */
const INCOMPLETE_PHONE = '79000000002'

const WIDTHS = [360, 1440] as const
const viewport = (width: number) => ({ width, height: width === 360 ? 800 : 900 })

/** This spec's own store per worker, with the mock's clock standing still. */
const test = storeTest.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      // Tokens outlive the real clock: the storefront refreshes a token it sees expired by real time,
      // and a token minted at NOW with the usual 15 minutes would be refreshed on every request.
      const stack = await startStack({ MOCK_NOW: NOW, MOCK_ACCESS_TTL_S: String(20 * 365 * 86_400) })
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
})

// The shots are independent (no test changes what another shows), so both workers share them: the
// suite's last file otherwise ran on one worker while the other stood idle.
test.describe.configure({ mode: 'parallel' })

// bypassCSP: the screenshot style (e2e/visual.css) is injected inline, which `style-src 'self'` refuses.
test.use({ userAgent: PERSON_UA, bypassCSP: true })

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(NOW))
})

type Who = 'visitor' | 'shopper' | 'incomplete' | 'verified'

interface Screen {
  name: string
  path: string
  who?: Who
  status?: number
  /** Sets the scene before the page opens (a fault for the outage page). */
  before?: (stack: Stack) => Promise<void>
}

/** Every page kind of spec section 2, with seeded ids. */
const SCREENS: readonly Screen[] = [
  { name: 'home', path: '/' },
  { name: 'catalog', path: '/catalog' },
  { name: 'category', path: '/catalog/1-ukhod-za-litsom' },
  { name: 'product', path: '/product/10001-krem-dlya-litsa-dnevnoy-vitamin-c-romashkovoe-pole' },
  { name: 'product-reviews', path: '/product/10001-krem-dlya-litsa-dnevnoy-vitamin-c-romashkovoe-pole/reviews' },
  { name: 'promo-catalog', path: '/promo-catalog' },
  { name: 'promo-category', path: '/promo-catalog/1-skidki-nedeli' },
  { name: 'promo-product', path: '/promo-product/30' },
  { name: 'popular', path: '/popular/1-khity-mesyatsa' },
  { name: 'articles', path: '/articles' },
  { name: 'article', path: '/articles/1-kak-vybrat-krem-dlya-litsa-po-tipu-kozhi' },
  { name: 'search', path: '/search?q=крем' },
  { name: 'cookie-policy', path: '/cookie-policy' },
  { name: 'registration', path: '/registration', who: 'verified' },
  { name: 'incomplete-profile', path: '/profile/incomplete', who: 'incomplete' },
  { name: 'not-found', path: '/no-such-page', status: 404 },
  {
    name: 'outage',
    path: '/product/10400',
    status: 503,
    before: (stack) => stack.fault({ path: '/webgate/v2/goods/10400', status: 503 }),
  },
  { name: 'ecom-hub', path: '/ecom', who: 'shopper' },
  { name: 'cart', path: '/ecom/cart', who: 'shopper' },
  { name: 'checkout', path: '/ecom/checkout', who: 'shopper' },
  { name: 'order', path: '/ecom/orders/o-4', who: 'shopper' },
]

/** Makes the browser the visitor, the e-commerce shopper (with a store) or the incomplete profile. */
async function become(page: Page, stack: Stack, who: Who): Promise<void> {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: stack.baseURL }])
  // The store prompt answered: it would cover the toolbar of every shot (it has its own below).
  await page.addInitScript(() => {
    try {
      localStorage.setItem('shop.prompted', '1')
    } catch {
      // about:blank has no storage.
    }
  })
  if (who === 'shopper') {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await keepStore(page)
  } else if (who === 'incomplete') {
    await signIn(page, stack.baseURL, INCOMPLETE_PHONE)
  } else if (who === 'verified') {
    // A new phone just verified by SMS: the server's mark that registration may go ahead.
    await page.context().addCookies([{ name: 'customer_code', value: '1', url: stack.baseURL }])
  }
}

/** Waits until the page is finished: data, fonts, and every image (lazy ones are loaded now). */
async function settle(page: Page): Promise<void> {
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    await document.fonts.ready
    // Until no image is left to load: a list that renders again after hydration brings new (lazy)
    // image elements. Each image is decoded too: a loaded picture below the screen is otherwise
    // decoded only when painted, and a full-page shot could catch its empty box (seen on
    // promo-catalog at 360 px on a busy machine).
    const settled = new WeakSet<HTMLImageElement>()
    for (let round = 0; round < 5; round++) {
      for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager'
      const images = [...document.images]
      if (images.every((img) => settled.has(img))) break
      await Promise.all(
        images.map(async (img) => {
          if (!img.complete)
            await new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true })
              img.addEventListener('error', resolve, { once: true })
            })
          await img.decode().catch(() => undefined)
          settled.add(img)
        }),
      )
    }
  })
  await page.waitForLoadState('networkidle')
}

/** Drops the browser's own log line about a page answered with an error status on purpose. */
function forgiveOwnStatus(consoleProblems: string[], status: number): void {
  const own = consoleProblems.findIndex((line) => line.includes(`status of ${status}`))
  if (own >= 0) consoleProblems.splice(own, 1)
}

test.describe('pages', () => {
  for (const screen of SCREENS) {
    for (const width of WIDTHS) {
      test(`${screen.name} at ${width} px`, async ({ page, stack, consoleProblems }) => {
        await become(page, stack, screen.who ?? 'visitor')
        await page.setViewportSize(viewport(width))
        await screen.before?.(stack)
        try {
          const response = await page.goto(screen.path)
          expect(response?.status()).toBe(screen.status ?? 200)
          await settle(page)
        } finally {
          if (screen.before) await stack.clearFaults()
        }
        if (screen.status) forgiveOwnStatus(consoleProblems, screen.status)
        await expect(page).toHaveScreenshot(`${screen.name}-${width}.png`, { fullPage: true })
      })
    }
  }
})

test.describe('dialogs', () => {
  for (const width of WIDTHS) {
    test(`cookie banner at ${width} px`, async ({ page }) => {
      await page.setViewportSize(viewport(width))
      await page.goto('/cookie-policy')
      await expect(page.getByRole('region', { name: 'Файлы cookie' })).toBeVisible()
      await settle(page)
      await expect(page).toHaveScreenshot(`dialog-cookie-banner-${width}.png`)
    })

    test(`login, phone step at ${width} px`, async ({ page, stack }) => {
      await become(page, stack, 'visitor')
      await page.setViewportSize(viewport(width))
      await page.goto('/cookie-policy')
      await settle(page)
      const login = new LoginDialog(page)
      await login.open()
      await login.phone.fill('9001234567')
      await expect(page).toHaveScreenshot(`dialog-login-phone-${width}.png`)
    })

    test(`login, code step at ${width} px`, async ({ page, stack }) => {
      await become(page, stack, 'visitor')
      await page.setViewportSize(viewport(width))
      await page.goto('/cookie-policy')
      await settle(page)
      const login = new LoginDialog(page)
      await login.open()
      // One phone per width: the mock allows 3 code requests per phone a minute, and its clock stands still.
      await login.submitPhone(width === 360 ? '9001234560' : '9001234561')
      await expect(login.code).toBeVisible()
      await expect(page).toHaveScreenshot(`dialog-login-code-${width}.png`)
    })

    test(`store prompt of a first visit at ${width} px`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
      await page.setViewportSize(viewport(width))
      await page.goto('/cookie-policy')
      await expect(page.getByRole('dialog', { name: /^Ваш магазин — / })).toBeVisible()
      await settle(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await expect(page).toHaveScreenshot(`dialog-store-prompt-${width}.png`)
    })

    test(`store picker at ${width} px`, async ({ page, stack }) => {
      await become(page, stack, 'visitor')
      await page.setViewportSize(viewport(width))
      await page.goto('/cookie-policy')
      await settle(page)
      const picker = new StorePickerPage(page)
      await picker.open()
      await page.waitForLoadState('networkidle')
      await expect(page).toHaveScreenshot(`dialog-store-picker-${width}.png`)
    })

    test(`age confirmation at ${width} px`, async ({ page, stack }) => {
      await become(page, stack, 'visitor')
      await page.setViewportSize(viewport(width))
      await page.goto('/product/10546')
      await expect(page.getByRole('dialog', { name: 'Вам исполнилось 18 лет?' })).toBeVisible()
      await settle(page)
      await expect(page).toHaveScreenshot(`dialog-age-gate-${width}.png`)
    })

    test(`delete confirmation at ${width} px`, async ({ page, stack }) => {
      await become(page, stack, 'shopper')
      await page.setViewportSize(viewport(width))
      await page.goto('/ecom')
      await settle(page)
      await page.getByRole('button', { name: /^Действия: (.+, )?Мир •• 0004, до 08\/28$/ }).click()
      await page.getByRole('menuitem', { name: 'Удалить' }).click()
      await expect(page.getByRole('dialog', { name: 'Удалить карту?' })).toBeVisible()
      await expect(page).toHaveScreenshot(`dialog-delete-card-${width}.png`)
    })
  }
})
