/**
 * Analytics (issue 5, item 10): with ANALYTICS_COUNTER_ID set, goal events reach the storefront's
 * collector with a timestamp (store events with the store fields of spec section 3); without it
 * nothing is sent; the `analytics.debug` key logs every event with console.info.
 */
import type { Request } from '@playwright/test'
import { test, expect, startStack, type Stack } from './fixtures/stack.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

interface SentEvent {
  name: string
  params: Record<string, unknown>
  timestamp: number
}

const isCollect = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/analytics/collect'
const eventsOf = (request: Request): { counterId: string; userUuid: string; events: SentEvent[] } =>
  JSON.parse(request.postData() ?? '{"events":[]}')

/**
 * Chromium does not expose the body of a Blob beacon to the test, so the payload tests take the
 * tracker's other transport (fetch with keepalive) by refusing the beacon; one test keeps the beacon.
 */
const refuseBeacon = () => {
  navigator.sendBeacon = () => false
}

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
    const response = await (await sent).response()
    expect(response?.status()).toBe(204)
  })

  test('sends timestamped goal events with the counter id and the device uuid', async ({ page }) => {
    await page.addInitScript(refuseBeacon)
    const started = Date.now()
    const sent = page.waitForRequest(isCollect)
    await page.goto(`${counted.baseURL}/`)
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
    const sent = page.waitForRequest((r) => isCollect(r) && eventsOf(r).events.some((e) => e.name === 'store_select_click'))
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
