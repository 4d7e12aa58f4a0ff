/**
 * The error pages as a shopper meets them: the not-found page for an unknown route, and the outage
 * page when the gateway is down.
 */
import { test, expect, startStack, waitForHydration } from './fixtures/stack.ts'

test('shows the not-found page for an unknown route, by link and by client navigation', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Здесь ничего не нашлось' })).toBeVisible()
  await expect(page.getByText('Зато всегда есть выгодные предложения в разделе акций')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Перейти в акции' })).toHaveAttribute('href', '/promo-catalog')

  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => {
    history.pushState(null, '', '/product/not-a-number')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { name: 'Здесь ничего не нашлось' })).toBeVisible()
})

test('shows the outage page when the gateway is down, and Обновить reloads', async ({ page }) => {
  const stack = await startStack()
  try {
    await stack.stopGateway()
    const response = await page.goto(`${stack.baseURL}/cookie-policy`)
    expect(response?.status()).toBeGreaterThanOrEqual(500)
    await expect(page.getByRole('heading', { name: 'Сайт временно не работает' })).toBeVisible()
    await expect(
      page.getByText('Мы уже чиним эту проблему — пожалуйста, попробуйте снова через 15 минут'),
    ).toBeVisible()
    await waitForHydration(page)
    await stack.startGateway()
    await page.getByRole('button', { name: 'Обновить' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Cookies на/ })).toBeVisible()
  } finally {
    await stack.stop()
  }
})

test.describe('the not-found page on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('offers a search, the home page and the catalogue besides the promotions', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('link', { name: 'Перейти в акции' })).toBeVisible()
    const ways = page.getByRole('navigation', { name: 'Куда перейти' })
    await expect(ways.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/')
    await expect(ways.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog')
    await waitForHydration(page)
    const field = page.getByRole('main').getByRole('searchbox', { name: 'Поиск по магазину' })
    await field.fill('крем')
    await field.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=%D0%BA%D1%80%D0%B5%D0%BC$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('крем')
    await page.goBack()
    await ways.getByRole('link', { name: 'В каталог' }).click()
    await expect(page).toHaveURL(/\/catalog$/)
  })
})
