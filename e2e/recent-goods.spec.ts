/**
 * «Вы смотрели»: the goods last viewed on this device, on the home page below the first screen and on
 * the empty search page, never in the server's HTML, with «Очистить», at 360 and 1440 px, axe-clean,
 * with `recent_click` carrying the list and position.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { seriousViolations } from './fixtures/axe.ts'
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
  test(`«Вы смотрели» lists the goods viewed on this device on the home and empty search pages, and clears, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width))
    const events = await loggedEvents(page)
    const viewed = await someGoods(page, 3)
    for (const card of viewed) {
      await page.goto(productPath(card))
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.name)
      // The page notes the view once its small module has loaded, after hydration: a shopper who
      // leaves at once may leave before it. Under a loaded suite that took longer than the next goto.
      await expect
        .poll(() =>
          page.evaluate(
            (id) =>
              (JSON.parse(localStorage.getItem('recent.goods') ?? '[]') as Array<{ id: number }>).some(
                (goods) => goods.id === id,
              ),
            card.id,
          ),
        )
        .toBe(true)
    }

    const response = await page.goto('/')
    expect(await response!.text()).not.toContain('Вы смотрели')
    await waitForHydration(page)
    const rail = page.getByRole('region', { name: 'Вы смотрели' })
    await expect(rail).toHaveCount(0)
    await scrollThrough(page)
    await rail.scrollIntoViewIfNeeded()
    const names = rail.locator('.product-card__name')
    await expect(names).toHaveText([...viewed].reverse().map((card) => card.name))
    expect(await seriousViolations(page, '.card-rail')).toEqual([])

    await rail.getByRole('link').first().click()
    await expect(page).toHaveURL(new RegExp(`/product/${viewed[2]!.id}-`))
    await expect
      .poll(() => events.find((event) => event.name === 'recent_click')?.params)
      .toMatchObject({
        product_id: String(viewed[2]!.id),
        position: 1,
        list: 'main.recent',
      })

    await page.goto('/search')
    await waitForHydration(page)
    const searchRail = page.getByRole('region', { name: 'Вы смотрели' })
    await expect(searchRail.locator('.product-card__name').first()).toHaveText(viewed[2]!.name)
    await imagesLoaded(page, '.card-rail')
    await page.addStyleTag({ content: STILL_TOOLBAR })
    await expect(searchRail).toHaveScreenshot(`recent-search-${width}.png`)
    await searchRail.getByRole('button', { name: 'Очистить' }).click()
    await expect(searchRail).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    expect(await page.evaluate(() => localStorage.getItem('recent.goods'))).toBeNull()
  })
}

test('«Вы смотрели» shows today’s prices, not those of the day the goods were viewed, at 360 px', async ({ page }) => {
  await page.setViewportSize(viewport(360))
  const [goods] = await someGoods(page, 1)
  const answer = (await (await page.request.get(`/webgate/v2/goods/${goods!.id}`)).json()) as {
    price: number
    slug: string
    name: string
  }
  // Viewed the other day at another price (the card view the device kept).
  const stale = {
    id: goods!.id,
    name: answer.name,
    slug: answer.slug,
    brand: 'Бренд',
    price: answer.price + 500,
    rating: 4,
    reviewsCount: 1,
    inStock: true,
  }
  await page.addInitScript((card) => {
    if (!localStorage.getItem('recent.goods')) localStorage.setItem('recent.goods', JSON.stringify([card]))
  }, stale)
  await page.goto('/search')
  await waitForHydration(page)
  const rail = page.getByRole('region', { name: 'Вы смотрели' })
  await expect(rail.locator('.product-card__name')).toHaveText([answer.name])
  const price = (await rail.locator('.price__current').first().innerText()).replace(/\D/g, '')
  expect(Number(price) / (Number.isInteger(answer.price) ? 1 : 100)).toBe(answer.price)
  // The device keeps today's card for next time.
  expect(
    await page.evaluate(
      () => (JSON.parse(localStorage.getItem('recent.goods')!) as Array<{ price: number }>)[0]!.price,
    ),
  ).toBe(answer.price)
})
