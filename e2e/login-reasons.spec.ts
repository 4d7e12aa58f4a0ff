/**
 * The login dialog says in Russian why it asks the shopper to sign in.
 */
import { test, expect } from './fixtures/stack.ts'
import { acceptCookies } from './fixtures/layout.ts'
import { LoginDialog } from './fixtures/login-dialog.ts'
import { ReviewsSection } from './fixtures/reviews.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

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
