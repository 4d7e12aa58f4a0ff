/**
 * Browsing as a shopper: every browsing page loads by URL and by client navigation; the catalogue's
 * sort, show-more, pagination and filters keep their state in the URL across a reload; the product
 * gallery, share (copy-link fallback), favorites (anonymous → sign in) and reviews.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'
import { ProductPage } from './fixtures/product-page.ts'
import { acceptCookies } from './fixtures/layout.ts'

interface Seed {
  goods: { id: number; slug: string; name: string }
  group: { id: number; slug: string; name: string }
  promo: { id: number; slug: string; title: string }
  promoCategory: { id: number; slug: string; name: string }
  article: { id: number; slug: string; title: string }
  publication: { id: number; slug: string; title: string }
}

let seed: Seed

test.beforeAll(async ({ stack }) => {
  const get = async <T>(path: string): Promise<T> =>
    (await fetch(`${stack.baseURL}/webgate${path}`)).json() as Promise<T>
  const goods = (await get<{ items: Seed['goods'][] }>('/v2/goods/search?pageSize=1&sort=rating')).items[0]!
  const group = (await get<{ items: Seed['group'][] }>('/v3/categories/store')).items[0]!
  const promo = (await get<{ items: Seed['promo'][] }>('/v1/promotions?pageSize=1')).items[0]!
  const promoCategory = (await get<{ items: Seed['promoCategory'][] }>('/v2/promotions/categories')).items[0]!
  const article = (await get<{ items: Seed['article'][] }>('/v1/cosmetic-aurora/articles?pageSize=1')).items[0]!
  const publication = (await get<{ items: Seed['publication'][] }>('/v1/cosmetic-aurora/main-page/publications'))
    .items[0]!
  seed = { goods, group, promo, promoCategory, article, publication }
})

test('every browsing page loads by URL with its heading', async ({ page }) => {
  const pages: Array<[string, RegExp | string]> = [
    ['/catalog', 'Каталог'],
    [`/catalog/${seed.group.id}-${seed.group.slug}`, seed.group.name],
    [`/product/${seed.goods.id}-${seed.goods.slug}`, seed.goods.name],
    [`/product/${seed.goods.id}-${seed.goods.slug}/reviews`, seed.goods.name],
    ['/promo-catalog', 'Акции и скидки'],
    [`/promo-catalog/${seed.promoCategory.id}-${seed.promoCategory.slug}`, `Акции: ${seed.promoCategory.name}`],
    [`/promo-product/${seed.promo.id}-${seed.promo.slug}`, seed.promo.title],
    ['/articles', 'Полезные статьи'],
    [`/articles/${seed.article.id}-${seed.article.slug}`, seed.article.title],
    [`/popular/${seed.publication.id}-${seed.publication.slug}`, seed.publication.title],
    ['/search?q=крем', /Результаты поиска/],
  ]
  for (const [path, heading] of pages) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  }
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Новинки' })).toBeVisible()
})

test('navigates client-side from home to a category, a product and its reviews without a page load', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7))
  await page
    .getByRole('region', { name: 'Каталог' })
    .or(page.locator('#home-categories').locator('..'))
    .getByRole('link')
    .nth(1)
    .click()
  await expect(page).toHaveURL(/\/catalog\/\d+-/)
  const catalog = new CatalogPage(page)
  await expect(catalog.cards.first()).toBeVisible()
  const name = (await catalog.names())[0]!
  await catalog.cards.first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/product\/\d+-/)
  const product = new ProductPage(page)
  await expect(product.heading).toHaveText(name)
  await product.openReviews()
  // The «Отзывы» chip opens the reviews scrolled to their heading.
  await expect(page).toHaveURL(/\/reviews#reviews-title$/)
  await expect(page.getByRole('heading', { name: 'Отзывы покупателей' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('tablist', { name: 'Информация о товаре' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7)
})

test('catalogue sort, show more, pagination and filters live in the URL and survive a reload', async ({ page }) => {
  const catalog = new CatalogPage(page)
  await page.goto(`/catalog/${seed.group.id}-${seed.group.slug}`)
  await waitForHydration(page)
  await expect(catalog.cards).toHaveCount(24)

  await catalog.sortBy('Сначала дешёвые')
  await expect(page).toHaveURL(/sort=price-asc/)
  await expect
    .poll(async () => {
      const prices = await catalog.prices()
      return prices.every((price, i) => i === 0 || prices[i - 1]! <= price)
    })
    .toBe(true)

  await catalog.showMore()
  await expect(page).toHaveURL(/page=2/)
  await expect(catalog.cards).toHaveCount(48)
  const shown = await catalog.names()

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price-asc')
  await expect(catalog.cards).toHaveCount(24)
  expect(await catalog.names()).toEqual(shown.slice(24))
  await expect(page.getByRole('link', { name: 'Страница 2', exact: true })).toHaveAttribute('aria-current', 'page')

  await catalog.goToPage(1)
  await expect(page).not.toHaveURL(/page=/)
  await expect.poll(() => catalog.names()).toEqual(shown.slice(0, 24))

  await catalog.openFilters()
  await catalog.checkFilter(/^Со скидкой/)
  await expect(page).toHaveURL(/discounted=1/)
  await expect
    .poll(async () => (await catalog.cards.locator('.price__old').count()) === (await catalog.cards.count()))
    .toBe(true)
  await page.reload()
  await catalog.openFilters()
  await expect(page.getByRole('complementary', { name: 'Фильтры' }).getByLabel(/^Со скидкой/)).toBeChecked()
  await expect(page.getByRole('link', { name: 'Сбросить фильтры' })).toHaveAttribute('href', /sort=price-asc/)
})

test('the product gallery moves by buttons, thumbnails and arrow keys', async ({ page }) => {
  const product = new ProductPage(page)
  await page.goto(`/product/${seed.goods.id}-${seed.goods.slug}`)
  await waitForHydration(page)
  const images = await product.gallery.getByRole('button', { name: /^Фото \d+$/ }).count()
  // Regular seeded goods have 2 to 4 photos (mock-gateway/seed/goods.ts).
  expect(images).toBeGreaterThanOrEqual(2)
  await expect(product.gallery).toHaveAccessibleName(`Фотографии товара, 1 из ${images}`)
  await product.nextImage()
  await expect(product.gallery).toHaveAccessibleName(`Фотографии товара, 2 из ${images}`)
  await product.gallery.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(product.gallery).toHaveAccessibleName(`Фотографии товара, 1 из ${images}`)
  await page.keyboard.press('End')
  await expect(product.gallery).toHaveAccessibleName(`Фотографии товара, ${images} из ${images}`)
  await product.gallery.getByRole('button', { name: 'Фото 1' }).click()
  await expect(product.gallery.getByRole('button', { name: 'Фото 1' })).toHaveAttribute('aria-current', 'true')
})

test('share copies the link and says so when the Web Share API is missing', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
  })
  const product = new ProductPage(page)
  await page.goto(`/product/${seed.goods.id}-${seed.goods.slug}`)
  await waitForHydration(page)
  await product.share()
  await expect(page.getByText('Ссылка скопирована')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/product/${seed.goods.id}-${seed.goods.slug}$`),
  )
})

test('favorites ask an anonymous shopper to sign in', async ({ page }) => {
  const product = new ProductPage(page)
  await page.goto(`/product/${seed.goods.id}-${seed.goods.slug}`)
  await waitForHydration(page)
  await product.toggleFavorite()
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('the reviews route shows scores, the review list and a sign-in prompt for the own review', async ({ page }) => {
  await page.goto(`/product/${seed.goods.id}-${seed.goods.slug}/reviews`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Отзывы покупателей' })).toBeVisible()
  await expect(page.locator('.review').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Войти, чтобы оставить отзыв' })).toBeVisible()
  await expect(page).toHaveTitle(/^Отзывы: /)
})

test('a wrong product slug lands on the canonical URL', async ({ page }) => {
  await page.goto(`/product/${seed.goods.id}-wrong`)
  await expect(page).toHaveURL(new RegExp(`/product/${seed.goods.id}-${seed.goods.slug}$`))
})

for (const width of [360, 1440]) {
  test(`screenshots of the browsing pages at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 })
    const paths = [
      '/',
      '/catalog',
      `/catalog/${seed.group.id}-${seed.group.slug}`,
      `/product/${seed.goods.id}-${seed.goods.slug}`,
      `/product/${seed.goods.id}-${seed.goods.slug}/reviews`,
      '/promo-catalog',
      `/promo-product/${seed.promo.id}-${seed.promo.slug}`,
      '/articles',
      `/articles/${seed.article.id}-${seed.article.slug}`,
      '/search?q=крем',
    ]
    for (const path of paths) {
      await page.goto(path)
      await waitForHydration(page)
      const name = `browse-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`
      await page.screenshot({ path: info.outputPath(name), fullPage: true })
    }
  })
}

test.describe('the catalogue at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('nothing that arrives after hydration moves the goods on screen', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as unknown as { __shifts: number[] }).__shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/catalog')
    await waitForHydration(page)
    // «Бренды в категориях» is the catalogue's one block that loads after hydration.
    await expect(page.getByRole('heading', { level: 2, name: 'Бренды в категориях' })).toBeAttached()
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
  })
})
