/**
 * Anti-fraud sign-in against the mock gateway's offline captcha and fingerprint services (spec
 * sections 3, 5, 7): the code request waits for the captcha, a rejected captcha (CaptchaError) shows
 * the generic text and asks for the check again, and the device-fingerprint token reaches the gateway
 * with the code request, while a failing fingerprint service never blocks the sign-in.
 */
import { test as base, expect, startStack, type Stack } from './fixtures/stack.ts'
import { LoginDialog } from './fixtures/login-dialog.ts'

/** This file's store: anti-fraud on, a test site key, the mock's captcha widget and fingerprint service. */
const test = base.extend<Record<never, never>, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack(({ mockURL }) => ({
        ANTIFRAUD: 'on',
        YANDEX_CAPTCHA_KEY: 'test-site-key',
        CAPTCHA_SCRIPT_URL: `${mockURL}/captcha/captcha.js`,
        FINGERPRINT_URL: `${mockURL}/kfp/token`,
        OTP_IP_LIMIT: '1000',
      }))
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
})

/** The code requests the mock received with a fingerprint token. */
async function receivedFingerprints(stack: Stack): Promise<{ token: string; phone: string; known: boolean }[]> {
  return (await (await fetch(`${stack.mockURL}/__mock/fingerprints`)).json()).received
}

test.afterEach(async ({ stack }) => stack.clearFaults())

test('the code button waits for the captcha, and the fingerprint token reaches the gateway with the code request', async ({
  page,
  stack,
}) => {
  await page.goto('/')
  const login = new LoginDialog(page)
  await login.open()
  await login.phone.fill('9000000001')
  const getCode = login.dialog.getByRole('button', { name: 'Получить код' })
  await expect(getCode).toBeDisabled()
  await login.dialog.getByRole('checkbox', { name: 'Я не робот' }).check()
  await expect(getCode).toBeEnabled()
  const otp = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/aurora-id/v1/auth/otp',
  )
  await getCode.click()
  const sent = (await otp).postDataJSON() as { 'captcha-token'?: string; fingerprintToken?: string }
  // The spec's spelling of the field (section 7).
  expect(sent['captcha-token']).toMatch(/^mock-captcha\./)
  expect(sent.fingerprintToken).toMatch(/^kfp\./)
  await login.enterCode()
  await expect(page.getByRole('button', { name: 'Анна' })).toBeVisible()
  expect(await receivedFingerprints(stack)).toContainEqual(
    expect.objectContaining({ token: sent.fingerprintToken, phone: '79000000001', known: true }),
  )
})

test('a rejected captcha (CaptchaError) shows the generic text and asks for the check again', async ({
  page,
  stack,
}) => {
  await page.goto('/')
  const login = new LoginDialog(page)
  await login.open()
  await login.phone.fill('9000000003')
  const robot = login.dialog.getByRole('checkbox', { name: 'Я не робот' })
  await robot.check()
  const getCode = login.dialog.getByRole('button', { name: 'Получить код' })
  // The token has come (the button waits for it): one issued after the clock moves would still be fresh.
  await expect(getCode).toBeEnabled()
  // The shopper waited past the token's five minutes: the gateway answers 400 CaptchaError.
  await fetch(`${stack.mockURL}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 6 * 60_000 }),
  })
  await getCode.click()
  await expect(login.dialog.getByText('Что-то пошло не так')).toBeVisible()
  await expect(robot).not.toBeChecked()
  await expect(getCode).toBeDisabled()
  await robot.check()
  await getCode.click()
  await expect(login.code).toBeVisible()
})

test('a failing fingerprint service is only logged and the code request goes without its token', async ({
  page,
  stack,
}) => {
  await stack.fault({ path: '/kfp/*', status: 503 })
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.goto('/')
  const login = new LoginDialog(page)
  await login.open()
  await login.phone.fill('9000000001')
  await login.dialog.getByRole('checkbox', { name: 'Я не робот' }).check()
  const otp = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/aurora-id/v1/auth/otp',
  )
  await login.dialog.getByRole('button', { name: 'Получить код' }).click()
  expect((await otp).postDataJSON()).not.toHaveProperty('fingerprintToken')
  await login.enterCode()
  await expect(page.getByRole('button', { name: 'Анна' })).toBeVisible()
  expect(warnings.some((text) => text.includes('device fingerprint token unavailable'))).toBe(true)
})
