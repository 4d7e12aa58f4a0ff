/**
 * With JavaScript off: sort and filters are a plain GET form, every product tab's section is readable,
 * and the buttons only JavaScript could serve are hidden instead of dead. With it on, the form's
 * submit buttons stay hidden.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { PHONE } from './fixtures/layout.ts'

const HAIR = '/catalog/4-ukhod-za-volosami'

test.describe('JavaScript off at 360 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false })

  test('sort and filters of a category work as a GET form', async ({ page }) => {
    await page.goto(HAIR)
    await expect(page.getByRole('button', { name: /^Фильтры/ })).toBeHidden()
    const panel = page.getByRole('complementary', { name: 'Фильтры' })
    await panel.getByLabel(/^В наличии/).check()
    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption({ label: 'Сначала дешёвые' })
    await page.getByRole('button', { name: 'Показать', exact: true }).click()
    await expect(page).toHaveURL(/[?&]sort=price-asc/)
    await expect(page).toHaveURL(/[?&]inStock=1/)
    const prices = (await page.locator('.product-card .price__current').allInnerTexts()).map((text) =>
      Number(text.replace(/[^\d,]/g, '').replace(',', '.')),
    )
    expect(prices.length).toBeGreaterThan(1)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    await expect(page.getByRole('list', { name: 'Выбранные фильтры' }).getByRole('link')).toHaveText(['В наличии'])

    await panel.getByPlaceholder(/^от /).fill('500')
    await panel.getByRole('button', { name: 'Применить' }).click()
    await expect(page).toHaveURL(/[?&]priceMin=500/)
    await expect(page).toHaveURL(/[?&]sort=price-asc/)
  })

  test('every product tab’s section is on the page and dead buttons are hidden', async ({ page }) => {
    await page.goto(HAIR)
    const product = await page.locator('.product-card__link').first().getAttribute('href')
    await page.goto(product!)
    for (const name of ['Описание', 'Характеристики'])
      await expect(page.locator(`[role="tabpanel"][data-label="${name}"]`)).toBeVisible()
    const panels = page.getByRole('tabpanel', { includeHidden: true })
    expect(await panels.count()).toBeGreaterThanOrEqual(3)
    for (const panel of await panels.all()) await expect(panel).toBeVisible()
    await expect(page.getByRole('tab')).toHaveCount(0)
    for (const name of ['Войти', 'Выберите магазин', 'Принять', 'Поделиться'])
      await expect(page.getByRole('button', { name, exact: true })).toBeHidden()
    await expect(page.getByRole('button', { name: 'В избранное' })).toHaveCount(0)
  })
})

test('with JavaScript on, the forms’ submit buttons stay hidden and the tabs work', async ({ page }) => {
  await page.goto(HAIR)
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Показать', exact: true })).toBeHidden()
  const product = await page.locator('.product-card__link').first().getAttribute('href')
  await page.goto(product!)
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'Состав' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Состав' })).toBeVisible()
  await expect(page.getByRole('tabpanel', { name: 'Описание' })).toBeHidden()
})

test.describe('JavaScript off at 360 px: the cookie banner', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false })

  test('covers nothing and the store sets no cookie to accept (UX4-03)', async ({ page, context }) => {
    for (const path of [HAIR, '/']) {
      await page.goto(path)
      await expect(page.getByRole('region', { name: 'Файлы cookie' })).toBeHidden()
      // The bottom of the screen is the page itself, not a bar over it.
      const covered = await page.evaluate(() => {
        const y = window.innerHeight - 60
        return document.elementFromPoint(window.innerWidth / 2, y)?.closest('.cookie-banner') !== null
      })
      expect(covered).toBe(false)
    }
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Политика cookie' })).toBeVisible()
    expect(await context.cookies()).toEqual([])
  })
})
