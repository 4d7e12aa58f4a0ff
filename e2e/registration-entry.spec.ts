/**
 * Entering registration from the home promo «Зарегистрируйтесь и получите 300 баллов»: the phone and
 * SMS step comes first, then the form shows the number being registered and registers it.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { PHONE, acceptCookies } from './fixtures/layout.ts'
import { LoginDialog, freshNationalPhone } from './fixtures/login-dialog.ts'

test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

test('the home registration promo opens the phone step first, then the form for that number', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!)
  await page.goto('/')
  await waitForHydration(page)
  const promo = page.getByRole('link', { name: 'Зарегистрироваться' })
  await promo.scrollIntoViewIfNeeded()
  await promo.click()
  await expect(page).toHaveURL(/\/registration$/)
  const login = new LoginDialog(page)
  await expect(login.dialog).toBeVisible()
  await expect(login.dialog).toContainText('Подтвердите номер телефона, чтобы зарегистрироваться')

  const national = freshNationalPhone()
  await login.signIn(national)
  await expect(login.dialog).toBeHidden()
  await expect(page).toHaveURL(/\/registration$/)
  await expect(page.getByText(`Номер: +7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-`)).toBeVisible()
  await page.getByLabel('Имя').fill('Вера')
  await page.getByText('Я принимаю').click()
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(page.getByText('Время на регистрацию истекло')).toHaveCount(0)
  await expect(page.getByText('Вы зарегистрированы')).toBeVisible()
  // The promo's «300 баллов» are where the toast says (UX4-07).
  await expect(page.getByText(/Баллы за регистрацию — в «Карте лояльности» в меню профиля/)).toBeVisible()
  await page.locator('.user-menu__toggle').click()
  await page.getByRole('button', { name: 'Карта лояльности' }).click()
  const card = page.getByRole('dialog', { name: 'Карта лояльности' })
  await expect(card.getByText('На карте 300 баллов')).toBeVisible()
})

test('closing the phone step leaves a way back to it, not a form that cannot succeed', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await page.goto('/registration')
  const login = new LoginDialog(page)
  await expect(login.dialog).toBeVisible()
  await login.close()
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Подтвердить номер' }).click()
  await expect(login.dialog).toBeVisible()
})
