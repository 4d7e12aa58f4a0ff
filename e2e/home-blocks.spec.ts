/**
 * The home page's blocks (spec section 1: popular, specials, catalogue, new products, loyalty promo,
 * exclusive offers, useful articles, brands, a bottom slider, a registration promo; plus the main
 * slider, gift packages and the news ticker of the content calls). Each block is opened as a shopper
 * would: its link is followed by client navigation, lands on its own page (not the not-found page), and
 * the page shows what the block promised. The catalogue block and the ad slots have their own tests
 * (browse.spec.ts, map-geo-ads.spec.ts).
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { chunkOf } from './fixtures/chunks.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
test.use({ userAgent: PERSON_UA })

const NOT_FOUND = 'Здесь ничего не нашлось'

/** Opens home, marks the document (a full load would lose the mark), and answers the block's region. */
async function home(page: Page, block: string): Promise<Locator> {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => ((window as unknown as { __home: boolean }).__home = true))
  return page.getByRole('region', { name: block, exact: true })
}

/** Follows a same-origin link of a block: the URL becomes its href without a page load, and the page is not an error. */
async function follow(page: Page, link: Locator): Promise<string> {
  const target = (await link.getAttribute('href'))!
  await link.click()
  await expect(page).toHaveURL((url) => url.pathname + url.search === target)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __home?: boolean }).__home)).toBe(true)
  return target
}

/** The heading of a product card in a rail, and the card's link. */
async function firstCard(region: Locator): Promise<{ name: string; link: Locator }> {
  const card = region.getByRole('article').first()
  return { name: (await card.getByRole('heading').innerText()).trim(), link: card.locator('.product-card__link') }
}

for (const block of ['Специальные предложения', 'Новинки', 'Только у нас', 'Подарочные наборы']) {
  test(`the «${block}» rail opens its first product`, async ({ page }) => {
    const region = await home(page, block)
    const { name, link } = await firstCard(region)
    await follow(page, link)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  })
}

test('«Смотреть все» of the specials lists discounted goods only', async ({ page }) => {
  const region = await home(page, 'Специальные предложения')
  await follow(page, region.getByRole('link', { name: 'Смотреть все' }))
  const cards = page.getByRole('list', { name: 'Товары' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  // The list comes in steps after a client navigation (decision 032): no card without an old price, ever.
  await expect(cards.filter({ hasNot: page.locator('.price__old') })).toHaveCount(0)
  expect(await cards.filter({ has: page.locator('.price__old') }).count()).toBeGreaterThan(0)
})

test('«Смотреть все» of the new products, the exclusives and the gift packages open their lists', async ({ page }) => {
  let region = await home(page, 'Новинки')
  await follow(page, region.getByRole('link', { name: 'Смотреть все' }))
  await expect(page.getByRole('list', { name: 'Товары' }).getByRole('article').first()).toBeVisible()
  region = await home(page, 'Только у нас')
  await follow(page, region.getByRole('link', { name: 'Смотреть все' }))
  await expect(page.getByRole('list', { name: 'Товары' }).getByRole('article').first()).toBeVisible()
  region = await home(page, 'Подарочные наборы')
  await follow(page, region.getByRole('link', { name: 'Смотреть все' }))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Подарочные наборы')
})

test('a rail shows five cards and the rest on «Показать ещё», focus on the first revealed card', async ({ page }) => {
  const region = await home(page, 'Новинки')
  await expect(region.getByRole('article')).toHaveCount(5)
  const more = region.getByRole('button', { name: /^Показать ещё \d+$/ })
  const rest = Number((await more.innerText()).replace(/\D/g, ''))
  await more.click()
  await expect(region.getByRole('article')).toHaveCount(5 + rest)
  await expect(region.getByRole('article').nth(5).locator('.product-card__link')).toBeFocused()
})

test('the popular block opens its publication with the goods it collects', async ({ page }) => {
  const region = await home(page, 'Популярное')
  const story = region.getByRole('link').first()
  const title = (await story.locator('.story-card__title').innerText()).trim()
  await follow(page, story)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
})

test('the articles block opens an article, and «Смотреть все» the article list', async ({ page }) => {
  let region = await home(page, 'Полезные статьи')
  const article = region.getByRole('article').first().getByRole('link')
  const title = (await article.innerText()).trim()
  await follow(page, article)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  region = await home(page, 'Полезные статьи')
  await follow(page, region.getByRole('link', { name: 'Смотреть все' }))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Полезные статьи')
})

test('a brand of the brands block opens the search filtered by that brand', async ({ page }) => {
  const region = await home(page, 'Популярные бренды')
  const tile = region.getByRole('link').first()
  const brand = (await tile.locator('.brand-tile__name').textContent())!.trim()
  await follow(page, tile)
  const cards = page.getByRole('list', { name: 'Товары' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const brands = await cards.locator('.product-card__link > p').allTextContents()
  expect(new Set(brands.map((text) => text.trim()))).toEqual(new Set([brand]))
})

test('the main and the bottom sliders open their offers', async ({ page }) => {
  let region = await home(page, 'Главные предложения')
  const first = region.getByRole('link').first()
  await expect(first).toHaveAttribute('href', '/promo-catalog')
  await follow(page, first)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акции и скидки')
  region = await home(page, 'Ещё предложения')
  const gifts = region.getByRole('listitem').filter({ hasText: 'Подарочные наборы' }).getByRole('link')
  await follow(page, gifts)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Подарочные наборы')
})

test('the loyalty promo links to the main site, and the registration promo opens registration', async ({ page }) => {
  const loyalty = await home(page, 'Программа лояльности')
  await expect(loyalty.getByRole('link', { name: 'Подробнее' })).toHaveAttribute(
    'href',
    'https://aurora.example/loyalty',
  )
  const registration = page.getByRole('region', { name: 'Зарегистрируйтесь и получите 300 баллов' })
  await follow(page, registration.getByRole('link', { name: 'Зарегистрироваться' }))
  await expect(page).toHaveURL(/\/registration$/)
})

test('a ticker news item opens its page', async ({ page }) => {
  const ticker = await home(page, 'Новости')
  await follow(page, ticker.getByRole('link', { name: /Скидка 20% на уход за волосами/ }))
  await expect(page.getByRole('list', { name: 'Товары' }).getByRole('article').first()).toBeVisible()
})

test.describe('the blocks without state, kept as the server rendered them', () => {
  const publicationId = (url: string) => /\/main-page\/publications\/(\d+)(?:\?|$)/.exec(new URL(url).pathname)?.[1]

  test('prefetch as their links did: at once on pointer, the others 1 s after the page came, never a brand', async ({
    page,
  }) => {
    const publications = new Set<string>()
    const brandSearches: string[] = []
    page.on('request', (request) => {
      const id = publicationId(request.url())
      if (id) publications.add(id)
      if (/\/goods\/search\?.*brand=/.test(request.url())) brandSearches.push(request.url())
    })
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    const region = await home(page, 'Популярное')
    await expect(region).toHaveAttribute('data-kept', 'PopularBlock')
    await page.clock.runFor(500)
    const stories = region.getByRole('link')
    const pointed = /\/popular\/(\d+)/.exec((await stories.nth(1).getAttribute('href'))!)![1]!
    const intent = page.waitForRequest((request) => publicationId(request.url()) === pointed)
    await stories.nth(1).hover()
    await intent
    expect([...publications]).toEqual([pointed])

    // The second is up: the links are observed in the next idle time (50 ms under the page clock).
    await page.clock.runFor(500)
    await expect
      .poll(async () => {
        await page.clock.runFor(50)
        return publications.size
      })
      .toBeGreaterThan(1)

    const brand = page.getByRole('region', { name: 'Популярные бренды', exact: true }).getByRole('link').first()
    await brand.hover()
    await page.clock.runFor(2_000)
    await page.waitForLoadState('networkidle')
    expect(brandSearches).toEqual([])
  })

  test('render afresh after a client navigation back home, and their links still open their pages', async ({
    page,
  }) => {
    const chunk = chunkOf('client/views/home/static-blocks.tsx')
    let loaded = false
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === chunk) loaded = true
    })
    await home(page, 'Новости')
    expect(loaded).toBe(false)
    await page.locator('a.toolbar__catalog').click()
    await expect(page).toHaveURL(/\/catalog$/)
    // The catalogue is on screen, so home is left: a click back while it loads would keep home as it was.
    await expect(page.getByRole('heading', { level: 1, name: 'Каталог' })).toBeVisible()
    await page.getByRole('link', { name: 'Аврора — на главную' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    const ticker = page.getByRole('region', { name: 'Новости', exact: true })
    await expect(ticker).toBeVisible()
    expect(loaded).toBe(true)
    await expect(
      page.getByRole('region', { name: 'Главные предложения', exact: true }).getByRole('link').first(),
    ).toHaveAttribute('href', '/promo-catalog')
    await follow(page, ticker.getByRole('link', { name: /Скидка 20% на уход за волосами/ }))
    await expect(page.getByRole('list', { name: 'Товары' }).getByRole('article').first()).toBeVisible()
  })
})
