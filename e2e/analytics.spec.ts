/**
 * Analytics: with ANALYTICS_COUNTER_ID set, goal events reach the storefront's
 * collector with a timestamp (store events with the store fields of spec section 3); without it
 * nothing is sent; the `analytics.debug` key logs every event with console.info.
 */
import { test, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'
import { ANALYTICS_EVENTS } from '../client/analytics/events.ts'
import { collectEvents, eventsOf, isCollect, refuseBeacon } from './fixtures/collector.ts'

test.describe('with a counter id', () => {
  let counted: Stack
  test.beforeAll(async () => {
    counted = await startStack({ ANALYTICS_COUNTER_ID: '12345' })
  })
  test.afterAll(async () => {
    await counted?.stop()
  })

  test('posts the batch to the collector with sendBeacon, accepted with 204', async ({ page }) => {
    const sent = page.waitForRequest(isCollect)
    await page.goto(`${counted.baseURL}/`)
    await page.getByRole('button', { name: 'Принять' }).click()
    const response = await (await sent).response()
    expect(response?.status()).toBe(204)
  })

  test('sends timestamped goal events with the counter id and the device uuid', async ({ page }) => {
    await page.addInitScript(refuseBeacon)
    const started = Date.now()
    const sent = page.waitForRequest(isCollect)
    await page.goto(`${counted.baseURL}/`)
    await page.getByRole('button', { name: 'Принять' }).click()
    const request = await sent
    const batch = eventsOf(request)
    expect(batch.counterId).toBe('12345')
    expect(batch.userUuid).toMatch(/^[0-9a-f-]{36}$/)
    const view = batch.events.find((e) => e.name === 'cookies_view')
    expect(view).toBeDefined()
    expect(view!.timestamp).toBeGreaterThanOrEqual(started - 1_000)
    expect(view!.timestamp).toBeLessThanOrEqual(Date.now())
    expect(await page.evaluate(() => localStorage.getItem('analytics.userUuid'))).toBe(batch.userUuid)
    const response = await request.response()
    expect(response?.status()).toBe(204)
  })

  test('carries the store fields on the store choice event', async ({ page }) => {
    await page.addInitScript(refuseBeacon)
    await page.goto(`${counted.baseURL}/`)
    await page.getByRole('button', { name: 'Принять' }).click()
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await expect(picker.cards.first()).toContainText('Казань')
    const sent = page.waitForRequest(
      (r) => isCollect(r) && eventsOf(r).events.some((e) => e.name === 'store_select_click'),
    )
    await picker.chooseButton('ул. Баумана').click()
    const event = eventsOf(await sent).events.find((e) => e.name === 'store_select_click')!
    expect(event.params).toEqual({
      store_id: 'AU-KZN-001',
      store_code: 'AU-KZN-001',
      store_name: 'Аврора, ул. Баумана',
      store_city: 'Казань',
      store_address: expect.stringContaining('г. Казань, ул. Баумана'),
    })
    expect(typeof event.timestamp).toBe('number')
  })

  test('a banner of the kept home HTML sends banner_click with its parameters and opens its page by client navigation', async ({
    page,
  }) => {
    const events = await collectEvents(page)
    await page.goto(`${counted.baseURL}/`)
    await page.getByRole('button', { name: 'Принять' }).click()
    await waitForHydration(page)
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7))
    const slider = page.getByRole('region', { name: 'Главные предложения', exact: true })
    const banner = slider.getByRole('link').first()
    const target = (await banner.getAttribute('href'))!
    await banner.click()
    await expect(page).toHaveURL((url) => url.pathname + url.search === target)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7)
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    await expect.poll(() => events.filter((e) => e.name === 'banner_click').length).toBe(1)
    expect(events.find((e) => e.name === 'banner_click')!.params).toEqual({
      banner_id: expect.any(String),
      url: target,
      position: 1,
    })
  })

  test('a scripted visit: nothing before consent, then page views, list clicks, filters, product and 404 events, all catalogued', async ({
    page,
  }) => {
    const events = await collectEvents(page)
    const named = (name: string) => events.filter((e) => e.name === name)

    await page.goto(`${counted.baseURL}/`)
    await expect(page.getByRole('button', { name: 'Принять' })).toBeVisible()
    // The banner is in the server HTML: wait for the app, so the toolbar link navigates on the client.
    await waitForHydration(page)
    // A client navigation before consent, then the page-hide flush: a queued event would leave now.
    await page.locator('a.toolbar__catalog').click()
    await expect(page).toHaveURL(/\/catalog$/)
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    await page.waitForLoadState('networkidle')
    expect(events).toEqual([])

    await page.getByRole('button', { name: 'Принять' }).click()
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    // The events held before consent leave with the accept click, which comes last.
    await expect.poll(() => events.map((e) => e.name)).toContain('cookies_accept_click')
    expect(events.map((e) => e.name).sort()).toEqual([
      'cookies_accept_click',
      'cookies_view',
      'page_view',
      'page_view',
      'toolbar_catalog_click',
    ])
    expect(events.at(-1)!.name).toBe('cookies_accept_click')
    expect(events.filter((e) => e.name === 'page_view').map((e) => e.params.route)).toEqual(['main', 'catalog'])

    await page.locator('.category-tree__head').first().click()
    await expect(page).toHaveURL(/\/catalog\/\d+-/)
    await expect.poll(() => named('page_view').at(-1)?.params.route).toBe('catalog-category')

    const catalog = new CatalogPage(page)
    await catalog.openFilters()
    await catalog.checkFilter(/^Со скидкой/)
    await expect(page).toHaveURL(/discounted=1/)
    await expect.poll(() => named('catalog_filter_apply').at(-1)?.params.discounted).toBe(true)
    await expect
      .poll(async () => (await catalog.cards.locator('.price__old').count()) === (await catalog.cards.count()))
      .toBe(true)

    const second = catalog.cards.nth(1)
    const goodsId = await second.getAttribute('data-goods-id')
    await second.locator('.product-card__link').click()
    await expect(page).toHaveURL(new RegExp(`/product/${goodsId}-`))
    await expect.poll(() => named('product_card_click').length).toBe(1)
    const click = named('product_card_click')[0]!
    expect(click.params).toMatchObject({ product_id: goodsId, position: 2, list: 'catalog' })

    await expect.poll(() => named('product_view').length).toBe(1)
    const view = named('product_view')[0]!.params
    expect(view.product_id).toBe(goodsId)
    expect(view.price).toBe(click.params.price)
    expect(view.old_price as number).toBeGreaterThan(view.price as number)
    expect(view.discount).toBe(Math.round(((view.old_price as number) - (view.price as number)) * 100) / 100)
    expect(view.discount_percent as number).toBeGreaterThan(0)
    await expect.poll(() => named('page_view').at(-1)?.params.route).toBe('product')

    // No add-to-cart here: the button shows only to shoppers with e-commerce (spec section 1).

    await page.goto(`${counted.baseURL}/no-such-page`)
    await expect.poll(() => named('error404_view').length).toBe(1)
    await expect.poll(() => named('page_view').at(-1)?.params.route).toBe('error')

    const unknown = events.map((e) => e.name).filter((name) => !Object.hasOwn(ANALYTICS_EVENTS, name))
    expect(unknown).toEqual([])
  })
})

test.describe('without a counter id', () => {
  test('sends nothing', async ({ page }) => {
    const collected: string[] = []
    page.on('request', (request) => {
      if (isCollect(request)) collected.push(request.url())
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Принять' }).click()
    // The tracker batches for 1 s; wait well past it, and past the page-hide flush.
    await page.waitForTimeout(2_500)
    await page.goto('/catalog')
    await page.waitForLoadState('networkidle')
    expect(collected).toEqual([])
  })

  test('logs every event with console.info when analytics.debug is 1', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('analytics.debug', '1'))
    const logged: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'info') logged.push(message.text())
    })
    await page.goto('/')
    await expect.poll(() => logged.find((line) => line.startsWith('[analytics] cookies_view'))).toBeTruthy()
    await page.getByRole('button', { name: 'Принять' }).click()
    await expect.poll(() => logged.find((line) => line.startsWith('[analytics] cookies_accept_click'))).toBeTruthy()
  })

  test("the footer, kept as the server rendered it, sends each link's event and opens our pages without a page load", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('analytics.debug', '1'))
    const logged: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'info') logged.push(message.text())
    })
    await page.goto('/')
    await waitForHydration(page)
    const footer = page.getByRole('contentinfo')
    // Its icons are drawn like every other icon of the page.
    await expect(footer.getByRole('link', { name: 'ВКонтакте' }).locator('svg > use[href$="all.svg#vk"]')).toHaveCount(
      1,
    )
    await page.evaluate(() => {
      ;(window as unknown as { __marker: number }).__marker = 7
    })
    await footer.getByRole('link', { name: 'Статьи' }).click()
    await expect(page).toHaveURL(/\/articles$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7)
    await expect.poll(() => logged.some((line) => line.startsWith('[analytics] footerLinks_articles'))).toBe(true)
    // A main-site link leaves for the main site (followed here only as far as its address).
    await expect(footer.getByRole('link', { name: 'Вакансии' })).toHaveAttribute(
      'href',
      'https://aurora.example/careers',
    )
  })

  test('logs nothing without the debug key', async ({ page }) => {
    const logged: string[] = []
    page.on('console', (message) => {
      if (message.text().startsWith('[analytics]')) logged.push(message.text())
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Принять' }).click()
    await page.waitForTimeout(500)
    expect(logged).toEqual([])
  })
})
