/**
 * Toast timing with a fake clock, through real UI actions: accepting cookies shows
 * an info toast, choosing a store a success toast. The persistent toast has no UI trigger yet; the
 * toast store's unit tests cover it (client/components/toasts/toast-store.test.ts).
 */
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures/stack.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

const bottomRegion = (page: Page) => page.getByRole('status', { name: 'Уведомления', exact: true })

/**
 * Moves the held clock past the frame that paints a tap: the answers to the cookie agreement (its toast,
 * the store prompt) come in a task after that frame (decision 032).
 */
const pastTheTapsFrame = (page: Page) => page.clock.runFor(20)

/** Stops the page's clock a moment from now; timers then move only with `runFor`. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
}

test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

test('an info toast leaves after 3 s, fading out first', async ({ page }) => {
  await page.goto('/')
  const accept = page.getByRole('region', { name: 'Файлы cookie' }).getByRole('button', { name: 'Принять' })
  await expect(accept).toBeVisible()
  await pauseClock(page)
  await accept.click()
  await pastTheTapsFrame(page)
  const toast = bottomRegion(page).locator('.toast')
  await expect(toast).toHaveAttribute('data-toast-theme', 'info')
  await expect(toast).toContainText('Настройки cookies сохранены')
  await page.clock.runFor(2_900)
  await expect(toast).toBeVisible()
  await expect(toast).not.toHaveClass(/toast--leaving/)
  await page.clock.runFor(150)
  await expect(toast).toHaveClass(/toast--leaving/)
  await page.clock.runFor(300)
  await expect(toast).toHaveCount(0)
})

test('a success toast stays 5 s and replaces the toast at its position (one per position)', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Принять' }).click()
  await expect(bottomRegion(page).locator('.toast[data-toast-theme="info"]')).toBeVisible()
  const picker = new StorePickerPage(page)
  await picker.open()
  await pauseClock(page)
  await picker.chooseButton('ул. Тверская').click()
  const toasts = bottomRegion(page).locator('.toast')
  await expect(toasts).toHaveCount(1)
  await expect(toasts).toHaveAttribute('data-toast-theme', 'success')
  await expect(toasts).toContainText('Магазин выбран')
  await page.clock.runFor(4_000)
  await expect(toasts).toBeVisible()
  await expect(toasts).not.toHaveClass(/toast--leaving/)
  await page.clock.runFor(1_050)
  await expect(toasts).toHaveClass(/toast--leaving/)
  await page.clock.runFor(300)
  await expect(toasts).toHaveCount(0)
})

test('a toast closes by hand at once', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Принять' }).click()
  await pauseClock(page)
  const toast = bottomRegion(page).locator('.toast')
  await toast.getByRole('button', { name: 'Закрыть уведомление' }).click()
  await page.clock.runFor(300)
  await expect(toast).toHaveCount(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

  test('the cookie toast leaves after 3 s though it appears under the finger that accepted', async ({ page }) => {
    await page.goto('/')
    const accept = page.getByRole('region', { name: 'Файлы cookie' }).getByRole('button', { name: 'Принять' })
    await expect(accept).toBeVisible()
    await pauseClock(page)
    // A click leaves the pointer where the banner was, which is where the toast appears.
    await accept.click()
    await pastTheTapsFrame(page)
    const toast = bottomRegion(page).locator('.toast')
    await expect(toast).toContainText('Настройки cookies сохранены')
    await page.clock.runFor(3_050)
    await expect(toast).toHaveClass(/toast--leaving/)
    await page.clock.runFor(300)
    await expect(toast).toHaveCount(0)
  })
})
