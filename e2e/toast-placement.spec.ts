/**
 * Toasts that never hide what is being used, on a phone: they read in lines, move away from a
 * dialog that opens under them, and keep clear of the buy box.
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, startStack } from './fixtures/stack.ts'
import { ANNA_PHONE, keepStore, signIn } from './fixtures/ecom-shopper.ts'
import { acceptCookies, box, overlap, PHONE, receivesClicks, toast } from './fixtures/layout.ts'
import { LoginDialog } from './fixtures/login-dialog.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
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
    // The phone header's first row (account, store) scrolls away with the page; its second row stays.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Войти' }).click({ force: true })
    const login = new LoginDialog(page)
    await advanceUntilVisible(page, login.dialog)
    await expect(toast(page)).toBeVisible()
    expect(overlap(await box(toast(page)), await box(login.dialog))).toBe(false)
    expect(await receivesClicks(login.dialog.getByRole('button', { name: 'Получить код' }))).toBe(true)
  })

  test('a dialog of full height makes room under the toast; its buttons stay free', async ({ page }) => {
    await showShareToast(page)
    await page.evaluate(() => window.scrollTo(0, 0))
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
      const buy = page.getByRole('main').locator('.product-page__buy')
      // The buy box at the bottom of the screen, where a bottom toast would cover it.
      await buy.evaluate((element) =>
        window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 10),
      )
      // The buy box's own button (the phone's bottom bar is in the box too, once the button leaves the screen).
      await buy.locator('.product-page__actions').getByRole('button', { name: 'В корзину' }).click()
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
