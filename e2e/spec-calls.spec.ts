/**
 * The calls of spec section 7 that pages use in the browser: the promotion kinds as a filter, brands
 * by category on the catalogue, the order page's status poll, and the profile link that opens the main
 * site signed in through the cross-token exchange.
 */
import { test as base, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { OrderPage } from './fixtures/order-page.ts'

/** This file's store: the main site is a host the test answers itself. */
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

test('the promotions catalogue filters by promotion kind from /v1/promotions/type', async ({ page, stack }) => {
  await page.goto('/promo-catalog')
  await waitForHydration(page)
  const kinds = page.getByRole('navigation', { name: 'Тип акции' })
  const gifts = kinds.getByRole('link', { name: /^Подарки/ })
  const count = Number((await gifts.textContent())?.replace(/\D/g, ''))
  expect(count).toBeGreaterThan(0)
  await gifts.click()
  await expect(page).toHaveURL(/\/promo-catalog\?type=gift$/)
  await expect(kinds.getByRole('link', { name: /^Подарки/ })).toHaveAttribute('aria-current', 'page')
  const expected = (await (await fetch(`${stack.mockURL}/webgate/v1/promotions?type=gift&pageSize=24`)).json()) as {
    items: { title: string }[]
  }
  const cards = page.getByRole('list', { name: 'Акции' }).getByRole('listitem')
  await expect(cards).toHaveCount(Math.min(count, 24))
  await expect(cards.first()).toContainText(expected.items[0]!.title)
})

test('the catalogue shows brands by category and a brand link opens the category filtered by it', async ({ page }) => {
  await page.goto('/catalog')
  await waitForHydration(page)
  const section = page.getByRole('region', { name: 'Бренды в категориях' })
  await expect(section).toBeVisible()
  const link = section.getByRole('link').first()
  const target = await link.getAttribute('href')
  expect(target).toMatch(/^\/catalog\/\d+-[\w-]+\?brand=[\w-]+$/)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${target!.replace(/[?]/g, '\\?')}$`))
})

test('the order page follows a status change through /v1/orders/poll without re-reading the order', async ({
  page,
  stack,
  baseURL,
}) => {
  await signIn(page, baseURL!, ANNA_PHONE)
  const token = (await page.context().cookies(baseURL)).find((cookie) => cookie.name === 'access_token')!.value
  const gateway = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.mockURL}/webgate${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    })
  await gateway('DELETE', '/v1/cart')
  const cart = (await (await gateway('POST', '/v1/cart/items', { goodsId: 10001, quantity: 1 })).json()) as {
    version: number
  }
  const order = (await (
    await gateway('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: `poll-${Date.now()}` })
  ).json()) as { id: string }

  const reads: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/webgate/v1/orders/')) reads.push(pathname)
  })
  await page.goto(`/ecom/orders/${order.id}`)
  await waitForHydration(page)
  const orderPage = new OrderPage(page)
  await orderPage.assertStatus('Оформлен')
  const readsBefore = reads.filter((path) => path === `/webgate/v1/orders/${order.id}`).length
  await fetch(`${stack.mockURL}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 10_000 }),
  })
  await expect(orderPage.status).toContainText(/Оплачен|Собирается/, { timeout: 20_000 })
  expect(reads).toContain('/webgate/v1/orders/poll')
  expect(reads.filter((path) => path === `/webgate/v1/orders/${order.id}`)).toHaveLength(readsBefore)
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
