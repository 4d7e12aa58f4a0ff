/**
 * A deliberate sign-out from a signed-in-only page on a phone: the shopper lands on the home page with
 * «Вы вышли из аккаунта», and no login sheet asks them to sign in again.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { PHONE, acceptCookies } from './fixtures/layout.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'

test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

test('signing out on /ecom lands on the home page without a login prompt', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await page.addInitScript(() => localStorage.setItem('shop.prompted', '1'))
  await signIn(page, baseURL!, ANNA_PHONE)
  await page.goto('/ecom')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Анна' }).click()
  await page.getByRole('button', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Вы вышли из аккаунта')).toBeVisible()
  await expect(page.locator('.home')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible()
  // Give a guard that would react to the ended session a moment, then make sure none did.
  await page.waitForTimeout(500)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
