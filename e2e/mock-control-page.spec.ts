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

test('the page switches one fault off, adds a stub the store then gets, and counts the calls', async ({ page }) => {
  await page.goto(`${stack.mockURL}/__mock/`)
  const faultForm = page.getByRole('group', { name: 'Включить сбой' })
  for (const path of ['/webgate/v2/goods/10402', '/webgate/v2/goods/10403']) {
    await faultForm.getByLabel('Путь').fill(path)
    await faultForm.getByLabel('Статус').fill('503')
    await faultForm.getByRole('button', { name: 'Включить' }).click()
  }
  const faults = page.getByRole('table', { name: /Сбои в силе \(2\)/ })
  const first = (await faults.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? ''
  await page.getByRole('button', { name: `Выключить сбой ${first}` }).click()
  await expect(page.getByRole('status')).toHaveText(`Сбой ${first} выключен.`)
  await expect(page.getByRole('table', { name: /Сбои в силе \(1\)/ })).toContainText('/webgate/v2/goods/10403')
  await page.getByRole('group', { name: 'Выключить все сбои' }).getByRole('button').click()

  // A stub added with the page's fields answers the store's next goods call.
  const stubForm = page.getByRole('group', { name: 'Добавить заглушку', exact: true })
  await stubForm.getByLabel('Метод').selectOption('GET')
  await stubForm.getByLabel('Путь').fill('/webgate/v2/goods/10404')
  await stubForm.getByLabel('Статус').fill('503')
  await stubForm.getByLabel('Тело ответа (JSON или текст)').fill('{"code":"maintenance"}')
  await stubForm.getByRole('button', { name: 'Добавить заглушку' }).click()
  await expect(page.getByRole('status')).toHaveText(/^Заглушка stub-\d+ добавлена\.$/)
  const store = await page.context().newPage()
  expect((await store.goto(`${stack.baseURL}/product/10404`))?.status()).toBe(503)
  await store.close()

  // A refused stub says which field and why.
  const json = page.getByRole('group', { name: 'Добавить заглушку в JSON' })
  await json.getByLabel('Заглушка').fill('{"match":{"path":"/webgate/x","header":{"a":"b"}},"respond":{"status":200}}')
  await json.getByRole('button', { name: 'Добавить' }).click()
  await expect(page.getByRole('status')).toContainText('match.header: unknown key header')

  // Verify: the store's call to the stubbed goods is in the journal.
  const verify = page.getByRole('group', { name: 'Проверить вызовы' })
  await verify.getByLabel('Метод').selectOption('GET')
  await verify.getByLabel('Путь').fill('/webgate/v2/goods/10404')
  await verify.getByRole('button', { name: 'Посчитать вызовы' }).click()
  await expect(page.getByRole('status')).toHaveText(
    /^Подходящих вызовов GET \/webgate\/v2\/goods\/10404 в журнале: [1-9]\d*\.$/,
  )
  await page
    .getByRole('button', { name: /Удалить заглушку stub-/ })
    .first()
    .click()
  expect(await seriousViolations(page)).toEqual([])
})
