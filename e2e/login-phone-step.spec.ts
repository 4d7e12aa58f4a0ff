/**
 * The phone step of the login sheet as a Russian shopper uses it on a phone: the number typed or
 * pasted with a leading 8 or +7, an empty field, «Изменить номер», the consent line, and the text
 * of a code request that failed on the way.
 */
import { test as base, expect, startStack, type Stack } from './fixtures/stack.ts'
import { PHONE } from './fixtures/layout.ts'
import { LoginDialog, freshNationalPhone } from './fixtures/login-dialog.ts'

/** This file's own store: faults are switched on here, and the per-IP code limit is raised. */
const test = base.extend<Record<never, never>, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack({ OTP_IP_LIMIT: '1000' })
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
})

test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

/** The national number as the field formats it. */
const masked = (national: string): string =>
  `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`

test.describe('login phone step at 360 px', () => {
  test('a number typed with a leading 8 keeps the 8 as the country prefix', async ({ page }) => {
    await page.goto('/')
    const login = new LoginDialog(page)
    await login.open()
    const national = freshNationalPhone()
    await login.phone.pressSequentially(
      `8 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`,
    )
    await expect(login.phone).toHaveValue(masked(national))
    await login.dialog.getByRole('button', { name: 'Получить код' }).click()
    await expect(login.dialog.getByText(`Код отправлен на номер ${masked(national)}`)).toBeVisible()
  })

  for (const spelling of ['8XXXXXXXXXX', '+7 XXX XXX XX XX', '8 (XXX) XXX-XX-XX', '7XXXXXXXXXX']) {
    test(`a pasted or autofilled ${spelling} reads the prefix`, async ({ page }) => {
      await page.goto('/')
      const login = new LoginDialog(page)
      await login.open()
      const national = freshNationalPhone()
      let index = 0
      const text = spelling.replace(/X/g, () => national[index++]!)
      await login.phone.fill(text)
      await expect(login.phone).toHaveValue(masked(national))
    })
  }

  test('an empty number asks for one, and «Изменить номер» keeps it for correction', async ({ page }) => {
    await page.goto('/')
    const login = new LoginDialog(page)
    await login.open()
    await login.dialog.getByRole('button', { name: 'Получить код' }).click()
    await expect(login.dialog.getByText('Введите номер телефона')).toBeVisible()
    const national = freshNationalPhone()
    await login.submitPhone(national)
    await expect(login.code).toBeVisible()
    await login.dialog.getByRole('button', { name: 'Изменить номер' }).click()
    await expect(login.phone).toHaveValue(masked(national))
    // Closed and reopened: the number is there, and «Получить код» returns to the code already sent.
    await login.close()
    await login.open()
    await expect(login.phone).toHaveValue(masked(national))
    await login.dialog.getByRole('button', { name: 'Получить код' }).click()
    await expect(login.code).toBeVisible()
  })

  test('the consent line sits under «Получить код» with the agreement and the data policy', async ({ page }) => {
    await page.goto('/')
    const login = new LoginDialog(page)
    await login.open()
    const consent = login.dialog.getByText('Нажимая «Получить код», вы соглашаетесь с')
    await expect(consent).toBeVisible()
    await expect(consent.getByRole('link', { name: 'условиями пользовательского соглашения' })).toHaveAttribute(
      'href',
      /\/legal\/agreement$/,
    )
    await expect(consent.getByRole('link', { name: 'обработкой персональных данных' })).toHaveAttribute(
      'href',
      /\/legal\/privacy$/,
    )
    const button = await login.dialog.getByRole('button', { name: 'Получить код' }).boundingBox()
    const line = await consent.boundingBox()
    expect(line!.y).toBeGreaterThan(button!.y + button!.height - 1)
  })

  test('a dropped connection on the code request says the code was not sent', async ({ page, stack }) => {
    await page.goto('/')
    const login = new LoginDialog(page)
    await login.open()
    await stack.fault({ path: '/aurora-id/*', mode: 'reset' })
    try {
      await login.submitPhone(freshNationalPhone())
      await expect(
        login.dialog.getByText('Не удалось отправить код. Проверьте интернет и попробуйте ещё раз'),
      ).toBeVisible()
      await expect(login.dialog.getByText('Что-то пошло не так')).toHaveCount(0)
    } finally {
      await stack.clearFaults()
    }
  })
})
