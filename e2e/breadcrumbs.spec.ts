/**
 * Breadcrumbs on a phone: a long product name takes one line, and an article's keep clear of its title.
 */
import { test, expect } from './fixtures/stack.ts'
import { acceptCookies, box, PHONE } from './fixtures/layout.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test('a 300-character product name takes one breadcrumb line on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/product/900003')
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' })
  const current = crumbs.locator('[aria-current="page"]')
  await expect(current).toBeVisible()
  const line = await current.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20)
  expect((await box(current)).height).toBeLessThanOrEqual(line * 1.5)
  expect((await box(crumbs)).height).toBeLessThanOrEqual(line * 2.5)
})

test('article breadcrumbs keep clear of the title', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/articles')
  const link = page.getByRole('main').locator('a[href^="/articles/"]').first()
  const name = (await link.innerText()).trim()
  await link.click()
  // The article's own title: the list's heading stays on screen until the article is shown, and its
  // breadcrumbs would be measured (or vanish while being measured) instead.
  const title = page.getByRole('heading', { level: 1, name, exact: true })
  await expect(title).toBeVisible()
  const crumbs = await box(page.getByRole('navigation', { name: 'Навигационная цепочка' }))
  expect(crumbs.y + crumbs.height).toBeLessThanOrEqual((await box(title)).y)
})

test("a product's breadcrumbs lead one level up to its category on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/catalog')
  const group = page.getByRole('main').locator('a[href^="/catalog/"]').first()
  await group.click()
  await expect(page).toHaveURL(/\/catalog\/\d+/)
  const card = page.locator('.product-card a[href^="/product/"]').first()
  await card.click()
  await expect(page).toHaveURL(/\/product\//)
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' })
  const links = crumbs.getByRole('link')
  // Главная, Каталог, then the group and the category (a group's own goods: the group alone).
  await expect.poll(() => links.count()).toBeGreaterThanOrEqual(3)
  const up = links.last()
  const target = await up.getAttribute('href')
  expect(target).toMatch(/^\/catalog\/\d+-/)
  const name = ((await up.textContent()) ?? '').trim()
  await up.click()
  await expect(page).toHaveURL(new RegExp(`${target}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})
