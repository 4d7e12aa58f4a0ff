/**
 * The profile link opens the main site signed in, through the cross-token exchange of spec section 7.
 */
import { test as base, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'

/** The main site: a host the test answers itself, on this file's own store. */
const MAIN_SITE = 'http://main-site.test'

const test = base.extend<Record<never, never>, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack({ MAIN_SITE_URL: MAIN_SITE })
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
})

test('the profile link opens the main site profile signed in with an exchanged cross token', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, ANNA_PHONE)
  await page.route(`${MAIN_SITE}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Главный сайт</title>' }),
  )
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Анна' }).click()
  const exchange = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/aurora-id/v1/auth/cross-token/exchange',
  )
  await page.getByRole('link', { name: 'Профиль' }).click()
  expect((await exchange).status()).toBe(200)
  await expect(page).toHaveURL(/^http:\/\/main-site\.test\/profile\?crossToken=[\w-]{20,}$/)
})
