/**
 * The mock gateway's control page, driven as a developer would: a fault switched on with the page's
 * form makes the store show its outage page; the page itself passes axe's serious checks.
 */
import { seriousViolations } from './fixtures/axe.ts'
import { test, expect, startStack, type Stack } from './fixtures/stack.ts'

// axe is injected inline; the control page's CSP rightly refuses inline scripts.
test.use({ bypassCSP: true })

let stack: Stack
test.beforeAll(async () => {
  stack = await startStack()
})
test.afterAll(async () => {
  await stack.stop()
})

test('a fault set on the control page makes the store show its outage page', async ({ page }) => {
  await page.goto(`${stack.mockURL}/__mock/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Мок шлюза: управление' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'неполный (нет имени)' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const form = page.getByRole('group', { name: 'Включить сбой' })
  await form.getByLabel('Путь').fill('/webgate/v2/goods/10401')
  await form.getByLabel('Статус').fill('503')
  await form.getByRole('button', { name: 'Включить' }).click()
  await expect(page.getByRole('status')).toHaveText('Сбой для /webgate/v2/goods/10401 включён.')
  await expect(page.getByRole('table', { name: /Сбои в силе \(1\)/ })).toContainText('/webgate/v2/goods/10401')

  const store = await page.context().newPage()
  const response = await store.goto(`${stack.baseURL}/product/10401`)
  expect(response?.status()).toBe(503)
  await expect(store.getByRole('heading', { name: 'Сайт временно не работает' })).toBeVisible()
  await store.close()

  // The store's call shows in the page's journal, and the switch goes off from the page too.
  await page.reload()
  await expect(page.getByRole('table', { name: /Последние/ })).toContainText('/webgate/v2/goods/10401')
  await page.getByRole('group', { name: 'Выключить все сбои' }).getByRole('button').click()
  await expect(page.getByRole('status')).toHaveText('Все сбои выключены.')
  await expect(page.getByText('Сбоев нет.')).toBeVisible()
})
