/**
 * Shopper polish (issue 14, items 1–10 and 16), checked as a shopper meets it at 360 × 800 and
 * 1440 × 900: suggestions and history, toasts that never hide what is being used, the chosen store
 * in the toolbar, the cart's own store, order cards, reviews (layout, sort, filter, lightbox),
 * breadcrumbs, the login reasons and scroll restoration.
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, startStack } from './fixtures/stack.ts'
import { ANNA_PHONE, keepStore, signIn } from './fixtures/ecom-shopper.ts'
import { LoginDialog } from './fixtures/login-dialog.ts'
import { ProductPage } from './fixtures/product-page.ts'
import { Lightbox, ReviewsSection } from './fixtures/reviews.ts'
import { SearchBox } from './fixtures/search-box.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

const PHONE = { width: 360, height: 800 }
const DESKTOP = { width: 1440, height: 900 }
/** The on-screen box of a locator (it must be visible). */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox()
  if (!found) throw new Error('element has no box')
  return found
}

/** Whether two boxes share any area. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** Whether a click at the middle of the element reaches it (nothing, a toast say, lies on top). */
async function receivesClicks(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return hit !== null && element.contains(hit)
  })
}

/** The one toast on screen. */
const toast = (page: Page): Locator => page.locator('.toast')

/** Accepts cookies up front, so the banner and its own toast stay out of the way. */
async function acceptCookies(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL }])
}

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('search on a phone', () => {
  test.use({ viewport: PHONE })

  test('suggestions use the width of the screen, not of the narrow search box', async ({ page }) => {
    await page.goto('/')
    const search = new SearchBox(page)
    await search.type('шамп')
    await expect(search.options.first()).toBeVisible()
    const list = await box(page.getByRole('listbox', { name: 'Подсказки' }))
    expect(list.width).toBeGreaterThanOrEqual(0.9 * PHONE.width)
    expect(list.x).toBeGreaterThanOrEqual(0)
    expect(list.x + list.width).toBeLessThanOrEqual(PHONE.width)
    // The category reads in full.
    await expect(search.options.filter({ hasText: 'Шампуни' })).toBeVisible()
  })

  test('history keeps the suggestion the shopper chose, not the fragment typed to find it', async ({ page }) => {
    await page.goto('/')
    const search = new SearchBox(page)
    await search.type('шамп')
    await search.options.filter({ hasText: /^Шампуни/ }).click()
    await expect(page).not.toHaveURL(/\/$/)
    // The category page has arrived: its arrival moves the focus to it, which would close a dropdown opened before.
    await expect(page.getByRole('heading', { level: 1, name: 'Шампуни' })).toBeVisible()
    await search.input.fill('')
    await search.input.click()
    const history = page.getByRole('listbox', { name: 'История и популярные запросы' })
    await expect(history.getByRole('option').first()).toHaveText('Шампуни')
    await expect(history.getByRole('option', { name: 'шамп', exact: true })).toHaveCount(0)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('search.history') ?? '[]'))).toEqual(['Шампуни'])
  })
})

test.describe('toasts and dialogs on a phone', () => {
  test.use({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] })

  test.beforeEach(async ({ page }) => {
    await page.clock.install()
  })

  /** Shows the 'Ссылка скопирована' toast on a goods page with the clock paused, so it stays. */
  async function showShareToast(page: Page): Promise<void> {
    await page.goto('/product/10174')
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
    // A paused clock also holds animation frames: clicks skip Playwright's stability wait.
    await page.getByRole('button', { name: 'Поделиться' }).click({ force: true })
    await expect(toast(page)).toContainText('Ссылка скопирована')
  }

  /** Lets page time pass in small steps until the locator shows (the toast lives 5 s of page time). */
  async function advanceUntilVisible(page: Page, locator: Locator): Promise<void> {
    await expect
      .poll(async () => {
        await page.clock.runFor(100)
        return locator.isVisible()
      })
      .toBe(true)
  }

  test('a toast reads in lines at 360 px: the action wraps under the text', async ({ page }) => {
    await showShareToast(page)
    const title = await box(toast(page).getByText('Ссылка скопирована'))
    expect(title.width).toBeGreaterThan(120)
    expect(title.height).toBeLessThan(60)
  })

  test('a toast moves away from a dialog that opens under it: "Получить код" stays free', async ({ page }) => {
    await showShareToast(page)
    await page.getByRole('button', { name: 'Войти' }).click({ force: true })
    const login = new LoginDialog(page)
    await advanceUntilVisible(page, login.dialog)
    await expect(toast(page)).toBeVisible()
    expect(overlap(await box(toast(page)), await box(login.dialog))).toBe(false)
    expect(await receivesClicks(login.dialog.getByRole('button', { name: 'Получить код' }))).toBe(true)
  })

  test('a dialog of full height makes room under the toast; its buttons stay free', async ({ page }) => {
    await showShareToast(page)
    const picker = new StorePickerPage(page)
    await picker.toolbarButton.click({ force: true })
    await advanceUntilVisible(page, picker.cards.first())
    await expect(toast(page)).toBeVisible()
    expect(overlap(await box(toast(page)), await box(picker.dialog))).toBe(false)
    expect(await receivesClicks(picker.dialog.getByRole('button', { name: 'Закрыть' }))).toBe(true)
    expect(await receivesClicks(picker.dialog.getByRole('button', { name: /^Выбрать: / }).first())).toBe(true)
  })
})

test.describe('the add-to-cart toast', () => {
  test.use({ viewport: PHONE })

  test('reads in lines and keeps clear of the buy box, wherever the buy box is on screen', async ({ page }) => {
    // Its own store: the test changes Anna's cart.
    const stack = await startStack()
    try {
      await acceptCookies(page, stack.baseURL)
      await signIn(page, stack.baseURL, ANNA_PHONE)
      await keepStore(page)
      await page.goto(`${stack.baseURL}/product/10177`)
      const buy = page.getByRole('main').locator('[data-toast-avoid]')
      // The buy box at the bottom of the screen, where a bottom toast would cover it.
      await buy.evaluate((element) =>
        window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 10),
      )
      await buy.getByRole('button', { name: 'В корзину' }).click()
      await expect(toast(page)).toContainText('Товар добавлен в корзину')
      const shown = await box(toast(page))
      expect(overlap(shown, await box(buy))).toBe(false)
      expect((await box(toast(page).getByText('Товар добавлен в корзину'))).width).toBeGreaterThan(120)
      await expect(toast(page).getByRole('button', { name: 'Перейти в корзину' })).toBeVisible()
    } finally {
      await stack.stop()
    }
  })
})

test.describe('store', () => {
  test('the toolbar shows the chosen store (city and street) in full at 360 px, and the confirmation says the street once', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await picker.chooseButton('ул. Баумана').click()
    const confirmation = toast(page)
    await expect(confirmation).toContainText('Магазин выбран')
    const description = (await confirmation.locator('.toast__description').textContent()) ?? ''
    expect(description.split('ул. Баумана')).toHaveLength(2)
    await expect(picker.toolbarButton).toContainText('Казань')
    await expect(picker.toolbarButton).toContainText('ул. Баумана')
    // Nothing is cut: the label fits its button.
    const cut = await picker.toolbarButton
      .locator('.toolbar__store-street')
      .evaluate((element) => element.scrollWidth > element.clientWidth)
    expect(cut).toBe(false)
    await page.setViewportSize(DESKTOP)
    await expect(picker.toolbarButton).toContainText('ул. Баумана')
  })

  test("the cart takes over the store the shopper's cart already has instead of asking again", async ({ page }) => {
    // Its own stack: Anna's seeded cart (with its store) is intact, whatever orders other tests placed.
    const stack = await startStack()
    try {
      await page.setViewportSize(PHONE)
      await signIn(page, stack.baseURL, ANNA_PHONE)
      await page.goto(`${stack.baseURL}/ecom/cart`)
      await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Ваш заказ' })).toBeVisible()
      await expect(page.getByRole('dialog', { name: 'Выберите магазин' })).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Выберите магазин, чтобы продолжить' })).toHaveCount(0)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('shop.code'))).toBeTruthy()
      await expect(new StorePickerPage(page).toolbarButton).not.toContainText('Выберите магазин')
      // The label is whole: no ellipsis cuts it.
      const checkout = page.getByRole('link', { name: 'Перейти к оформлению' })
      expect(await checkout.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    } finally {
      await stack.stop()
    }
  })
})

test.describe('orders on a phone', () => {
  test.use({ viewport: PHONE })

  test('an order card never puts the number under the status badge', async ({ page, stack }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await page.goto('/ecom')
    const cards = page.getByRole('link', { name: /^Заказ / })
    await expect(cards.first()).toBeVisible()
    for (const card of (await cards.all()).slice(0, 3)) {
      const number = await box(card.getByText(/^Заказ /))
      const badge = await box(card.locator('.order-status'))
      expect(overlap(number, badge)).toBe(false)
    }
  })
})

test.describe('reviews', () => {
  test('desktop: the sign-in call of the reviews stays in its column, beside the review cards', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    const signInButton = reviews.section.getByRole('button', { name: 'Войти, чтобы оставить отзыв' })
    await expect(signInButton).toBeVisible()
    expect(overlap(await box(signInButton), await box(reviews.reviews.first()))).toBe(false)
  })

  test('phone: reviews keep to the margins', async ({ page }) => {
    await page.setViewportSize(PHONE)
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    const card = await box(reviews.reviews.first())
    expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width - 16 + 0.5)
  })

  test('sorts by rating and filters to reviews with photos', async ({ page }) => {
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    await reviews.sort.selectOption({ label: 'С низкой оценкой' })
    await expect
      .poll(async () => {
        const ratings = await reviews.ratings()
        return ratings.length > 1 && ratings.every((rating, i) => i === 0 || ratings[i - 1]! <= rating)
      })
      .toBe(true)
    await reviews.sort.selectOption({ label: 'С высокой оценкой' })
    await expect
      .poll(async () => {
        const ratings = await reviews.ratings()
        return ratings.length > 1 && ratings.every((rating, i) => i === 0 || ratings[i - 1]! >= rating)
      })
      .toBe(true)

    const all = await reviews.reviews.count()
    await reviews.togglePhotosOnly()
    await expect.poll(() => reviews.reviews.count()).toBeLessThan(all)
    for (const review of await reviews.reviews.all()) {
      await expect(review.getByRole('button', { name: /^Открыть фото/ }).first()).toBeVisible()
    }
  })

  test('a review photo opens in a lightbox: arrows move, Tab stays inside, Escape closes and focus returns', async ({
    page,
  }) => {
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    const opener = reviews.reviews.getByRole('button', { name: /^Открыть фото 1 из 3/ }).first()
    await opener.click()
    const lightbox = new Lightbox(page)
    await expect(lightbox.dialog).toBeVisible()
    await expect(lightbox.counter).toHaveText('1 из 3')
    const first = await lightbox.image.getAttribute('src')
    await page.keyboard.press('ArrowRight')
    await expect(lightbox.counter).toHaveText('2 из 3')
    expect(await lightbox.image.getAttribute('src')).not.toBe(first)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(lightbox.counter).toHaveText('3 из 3')
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      expect(await lightbox.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(lightbox.dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('on a touch screen a swipe moves between photos', async ({ page }) => {
    await page.setViewportSize(PHONE)
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    await reviews.photoButtons.first().click()
    const lightbox = new Lightbox(page)
    await expect(lightbox.counter).toHaveText(/^1 из \d+$/)
    await lightbox.swipe(260, 80)
    await expect(lightbox.counter).toHaveText(/^2 из \d+$/)
    await lightbox.swipe(80, 260)
    await expect(lightbox.counter).toHaveText(/^1 из \d+$/)
  })
})

test.describe('texts and breadcrumbs', () => {
  test('the login dialog gives its reason in Russian for favorites and reviews', async ({ page }) => {
    await page.goto('/product/10174')
    await page.getByRole('main').getByRole('button', { name: 'В избранное' }).first().click()
    const login = new LoginDialog(page)
    await expect(login.dialog).toBeVisible()
    await expect(login.dialog).toContainText('Войдите, чтобы добавлять товары в избранное')
    await expect(login.dialog).not.toContainText('favorites')
    await login.close()

    const reviews = new ReviewsSection(page)
    await reviews.goto()
    await reviews.section.getByRole('button', { name: 'Войти, чтобы оставить отзыв' }).click()
    await expect(login.dialog).toContainText('Войдите, чтобы оставить отзыв о товаре')
    await expect(login.dialog).not.toContainText('review')
  })

  test('a 300-character product name takes one breadcrumb line on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/product/900003')
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' })
    const current = crumbs.locator('[aria-current="page"]')
    await expect(current).toBeVisible()
    const line = await current.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20)
    expect((await box(current)).height).toBeLessThanOrEqual(line * 1.5)
    expect((await box(crumbs)).height).toBeLessThanOrEqual(line * 2.5)
  })

  test('article breadcrumbs keep clear of the title', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/articles')
    const link = page.getByRole('main').locator('a[href^="/articles/"]').first()
    const name = (await link.innerText()).trim()
    await link.click()
    // The article's own title: the list's heading stays on screen until the article is shown, and its
    // breadcrumbs would be measured (or vanish while being measured) instead.
    const title = page.getByRole('heading', { level: 1, name, exact: true })
    await expect(title).toBeVisible()
    const crumbs = await box(page.getByRole('navigation', { name: 'Навигационная цепочка' }))
    expect(crumbs.y + crumbs.height).toBeLessThanOrEqual((await box(title)).y)
  })
})

test.describe('scroll restoration', () => {
  test.use({ viewport: DESKTOP })

  test('back from a product returns the listing to where it was; a new navigation starts at the top', async ({
    page,
  }) => {
    await page.goto('/catalog/1-ukhod-za-litsom')
    await page.evaluate(() => window.scrollTo(0, 2500))
    const card = page.getByRole('main').getByRole('link').and(page.locator('a[href^="/product/"]')).nth(14)
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    const left = await page.evaluate(() => window.scrollY)
    expect(left).toBeGreaterThan(1000)
    await card.click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(new ProductPage(page).heading).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL(/\/catalog\//)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)

    // Forward again: the product page, at its own (top) position.
    await page.goForward()
    await expect(new ProductPage(page).heading).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a reload keeps the position', async ({ page }) => {
    await page.goto('/catalog/1-ukhod-za-litsom')
    await page.evaluate(() => window.scrollTo(0, 1800))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800)
    await page.reload()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800)
  })
})
