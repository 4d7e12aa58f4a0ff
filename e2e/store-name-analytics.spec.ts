/**
 * `store_name` on product events (spec section 3: events carry store id, name, code, city, address):
 * a store chosen in the picker names itself on later product events, and a device that kept a store
 * without its name (chosen before names were kept) gets it from `/v1/stores-facade/store` once.
 */
import { test, expect, startStack, type Stack } from './fixtures/stack.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'
import { collectEvents, eventsOf, isCollect, refuseBeacon } from './fixtures/collector.ts'

let counted: Stack
test.beforeAll(async () => {
  counted = await startStack({ ANALYTICS_COUNTER_ID: '12345' })
})
test.afterAll(async () => {
  await counted?.stop()
})

test('a store chosen in the picker is named on the product events that follow', async ({ page }) => {
  const events = await collectEvents(page)
  await page.goto(`${counted.baseURL}/`)
  await page.getByRole('button', { name: 'Принять' }).click()
  const picker = new StorePickerPage(page)
  await picker.open()
  await picker.city.selectOption({ label: 'Казань' })
  await expect(picker.cards.first()).toContainText('Казань')
  await picker.chooseButton('ул. Баумана').click()
  await expect(picker.dialog).toBeHidden()

  await page.goto(`${counted.baseURL}/product/10030`)
  await expect.poll(() => events.filter((e) => e.name === 'product_view').length).toBe(1)
  expect(events.find((e) => e.name === 'product_view')!.params).toMatchObject({
    product_id: '10030',
    store_id: 'AU-KZN-001',
    store_code: 'AU-KZN-001',
    store_name: 'Аврора, ул. Баумана',
    store_city: 'Казань',
  })
})

test('a store kept without its name gets the name from the gateway once, and later events carry it', async ({
  page,
}) => {
  await page.addInitScript(refuseBeacon)
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem(
      'shop.city',
      JSON.stringify({ fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', name: 'Казань' }),
    )
    localStorage.setItem('shop.code', 'AU-KZN-001')
    localStorage.setItem('shop.type', 'shop')
    localStorage.setItem('shop.address', 'ул. Баумана, д. 1')
    localStorage.setItem('shop.prompted', '1')
  })
  const lookups: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/webgate/v1/stores-facade/store?')) lookups.push(request.url())
  })
  await page.goto(`${counted.baseURL}/`)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shop.name'))).toBe('Аврора, ул. Баумана')
  expect(lookups).toEqual([expect.stringContaining('code=AU-KZN-001')])

  await page.getByRole('button', { name: 'Принять' }).click()
  const sent = page.waitForRequest((r) => isCollect(r) && eventsOf(r).events.some((e) => e.name === 'product_view'))
  await page.goto(`${counted.baseURL}/product/10030`)
  expect(eventsOf(await sent).events.find((e) => e.name === 'product_view')!.params).toMatchObject({
    store_code: 'AU-KZN-001',
    store_name: 'Аврора, ул. Баумана',
  })
  // Once named, the device is not asked again.
  expect(lookups).toHaveLength(1)
})
