/**
 * «Похожие товары» on a product page: goods of its category close in price from one catalogue call,
 * loaded when scrolled near, not in the server's HTML, at 360 and 1440 px, keyboard-reachable and
 * axe-clean, with `related_click` carrying the list and position.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { seriousViolations } from './fixtures/axe.ts'
import { recordArrivals } from './fixtures/frames.ts'
import {
  WIDTHS,
  STILL_TOOLBAR,
  viewport,
  loggedEvents,
  imagesLoaded,
  scrollThrough,
  someGoods,
  productPath,
} from './fixtures/shopper-hand.ts'

// axe is injected inline, which the storefront's CSP rightly refuses.
test.use({ bypassCSP: true })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

for (const width of WIDTHS) {
  test(`a product page shows «Похожие товары» of its category close in price once scrolled near, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width))
    const events = await loggedEvents(page)
    const [goods] = await someGoods(page, 1)
    const calls: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/webgate/v2/goods/search') calls.push(url)
    })
    const response = await page.goto(productPath(goods!))
    expect(await response!.text()).not.toContain('Похожие товары')
    await waitForHydration(page)
    const rail = page.getByRole('region', { name: 'Похожие товары' })
    await scrollThrough(page)
    await expect(rail).toBeVisible()
    const cards = rail.locator('article.product-card')
    const count = await cards.count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(12)
    // One catalogue call: the category and a window around the price.
    const related = calls.filter((url) => url.searchParams.has('priceMin'))
    expect(related).toHaveLength(1)
    expect(related[0]!.searchParams.get('categoryId')).toBe(String(goods!.categoryId))
    const min = Number(related[0]!.searchParams.get('priceMin'))
    const max = Number(related[0]!.searchParams.get('priceMax'))
    expect(min).toBeLessThanOrEqual(goods!.price)
    expect(max).toBeGreaterThanOrEqual(goods!.price)
    const ids = await cards.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-goods-id'))))
    expect(ids).not.toContain(goods!.id)

    expect(await seriousViolations(page, '.card-rail')).toEqual([])
    await imagesLoaded(page, '.card-rail')
    await page.addStyleTag({ content: STILL_TOOLBAR })
    await expect(rail).toHaveScreenshot(`related-${width}.png`)

    // Keyboard: the first card's link takes focus and opens with Enter.
    const first = cards.first().getByRole('link').first()
    await first.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/product/${ids[0]}-`))
    // The test reads a logged event's values from the page after the log line: they may come after the address.
    await expect
      .poll(() => events.find((event) => event.name === 'related_click')?.params)
      .toMatchObject({ product_id: String(ids[0]), position: 1, list: 'product.related' })
    await expect
      .poll(() => events.find((event) => event.name === 'product_card_click')?.params)
      .toMatchObject({ list: 'product.related', position: 1 })
  })
}

test('the rail draws its first screen of cards first and the rest a few per frame, in order, at 360 px', async ({
  page,
}) => {
  await page.setViewportSize(viewport(360))
  const [goods] = await someGoods(page, 1)
  await page.goto(productPath(goods!))
  await waitForHydration(page)
  const record = await recordArrivals(page, '.card-rail article.product-card')
  const rail = page.getByRole('region', { name: 'Похожие товары' })
  await scrollThrough(page)
  await expect(rail).toBeVisible()
  const shown = rail.locator('article.product-card')
  // The mock's category has more related goods than a first step (2 at 360 px).
  await expect.poll(() => shown.count()).toBeGreaterThan(4)
  await expect(async () => {
    const ids = await shown.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.goodsId!))
    expect((await record.arrivals()).map((card) => card.id)).toEqual(ids)
  }).toPass()
  const cards = await record.arrivals()
  const frames = new Set(cards.map((card) => card.frame))
  expect(frames.size).toBeGreaterThanOrEqual(2)
  // The first frame's step is a phone's first row of cards.
  expect(cards.filter((card) => card.frame === cards[0]!.frame)).toHaveLength(2)
})
