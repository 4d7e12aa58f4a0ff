/** City and store selection: list, address search, geolocation, map, first-visit prompt. */
import { test, expect } from './fixtures/stack.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

const SPB = { fiasId: 'c2deb16a-0330-4f05-821f-1d09c93331e6', name: 'Санкт-Петербург' }
/** Seeded coordinates of AU-SPB-003, 'Аврора, ул. Марата'. */
const MARATA = { latitude: 59.914847, longitude: 30.307442 }
/** A desktop browser's user agent: the first-visit prompt is never shown to bots (headless Chromium counts as one). */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.describe('store picker', () => {
  test('chooses a store from a city list, saves it and shows the city in the toolbar after reload', async ({
    page,
  }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await expect(picker.toolbarButton).toHaveText(/Выберите магазин/)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await expect(picker.cards.first()).toContainText('Казань')
    await expect(picker.cards).toHaveCount(6)
    await picker.chooseButton('ул. Баумана').click()
    await expect(picker.dialog).toBeHidden()
    await expect(picker.toolbarButton).toContainText('Казань')
    const stored = await picker.stored()
    expect(JSON.parse(stored.city!)).toMatchObject({ name: 'Казань' })
    expect(stored).toMatchObject({ code: 'AU-KZN-001', type: 'shop', delivery: 'pickup', prompted: '1' })
    await page.reload()
    await expect(picker.toolbarButton).toContainText('Казань')
  })

  test('finds stores by address as the shopper types', async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    const searched = page.waitForRequest(
      (r) => r.url().includes('/webgate/v1/store-search/address') && r.url().includes('q='),
    )
    await picker.search.fill('Невский')
    await searched
    await expect(picker.cards).toHaveCount(1)
    await expect(picker.cards.first()).toContainText('Невский пр-т')
    await picker.chooseButton('Невский').click()
    expect(JSON.parse((await picker.stored()).city!)).toEqual(SPB)
    await expect(picker.toolbarButton).toContainText('Санкт-Петербург')
  })

  test('says so when no store matches the address', async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.search.fill('несуществующая улица')
    await expect(
      picker.dialog.getByRole('tabpanel', { name: 'Список' }).getByText('По этому адресу магазинов не нашлось'),
    ).toBeVisible()
  })

  test("shows the stores on the Leaflet map over the mock's tiles and chooses one from a marker", async ({
    page,
    stack,
  }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Санкт-Петербург' })
    await expect(picker.cards.first()).toContainText('Санкт-Петербург')
    await picker.dialog.getByRole('tab', { name: 'Карта' }).click()
    const map = picker.dialog.locator('[data-map-kind="leaflet"][data-map-ready="true"]')
    await expect(map).toBeVisible()
    // Tiles come from MAP_TILE_URL (the mock's offline tile set) and really load.
    const tile = map.locator('img.leaflet-tile-loaded').first()
    await expect(tile).toBeVisible()
    expect(await tile.getAttribute('src')).toMatch(new RegExp(`^${stack.mockURL}/__tiles/\\d+/\\d+/\\d+\\.svg$`))
    expect(await tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)
    const markers = picker.dialog.getByRole('list', { name: 'Магазины на карте' }).getByRole('button')
    await expect(markers).toHaveCount(7)
    const marker = picker.dialog
      .getByRole('list', { name: 'Магазины на карте' })
      .getByRole('button', { name: /^\d+\. Аврора, ул\. Марата/ })
    await marker.click()
    await expect(marker).toHaveAttribute('aria-pressed', 'true')
    const mapPanel = picker.dialog.getByRole('tabpanel', { name: 'Карта' })
    await mapPanel.getByRole('button', { name: /^Выбрать: Аврора, ул\. Марата/ }).click()
    expect(await picker.stored()).toMatchObject({ code: 'AU-SPB-003' })
  })

  test('closes on Escape without saving a store', async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await page.keyboard.press('Escape')
    await expect(picker.dialog).toBeHidden()
    expect((await picker.stored()).code).toBeNull()
    await expect(picker.toolbarButton).toBeFocused()
  })
})

test.describe('near me with the location allowed', () => {
  test.use({ permissions: ['geolocation'], geolocation: MARATA })

  test('lists the stores of the shopper’s city nearest first, with distances', async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.nearMe.click()
    await expect(picker.city).toHaveValue(SPB.fiasId)
    await expect(picker.cards.first()).toContainText('ул. Марата')
    await expect(picker.cards).toHaveCount(7)
    const distances = await picker.cards.locator('.store-card__distance').allInnerTexts()
    const meters = distances.map((text) => {
      const value = Number.parseFloat(text.replace('Расстояние:', '').replace(/\s/g, '').replace(',', '.'))
      return text.includes('км') ? value * 1000 : value
    })
    expect(meters[0]).toBe(0)
    expect([...meters].sort((a, b) => a - b)).toEqual(meters)
    await picker.chooseButton('ул. Марата').click()
    expect(await picker.stored()).toMatchObject({ code: 'AU-SPB-003', prompted: '1' })
  })
})

test.describe('near me with the location refused', () => {
  test('explains in Russian and keeps the city list usable', async ({ page, context }) => {
    await context.clearPermissions()
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.nearMe.click()
    await expect(picker.dialog.getByRole('alert')).toHaveText(
      'Не удалось определить местоположение. Разрешите доступ к геолокации или выберите город вручную',
    )
    await picker.city.selectOption({ label: 'Новосибирск' })
    await expect(picker.cards).toHaveCount(5)
  })
})

test.describe('first-visit prompt', () => {
  test.use({ userAgent: PERSON_UA })

  test('asks once, after the cookie banner, keeps the guessed city on Да, and never nags again', async ({ page }) => {
    await page.goto('/')
    const prompt = page.getByRole('dialog', { name: 'Ваш магазин — Москва?' })
    // One overlay at a time: the cookie banner is answered first.
    const banner = page.getByRole('region', { name: 'Файлы cookie' })
    await expect(banner).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(prompt).toHaveCount(0)
    await banner.getByRole('button', { name: 'Принять' }).click()
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Да' }).click()
    await expect(prompt).toBeHidden()
    const picker = new StorePickerPage(page)
    await expect(picker.toolbarButton).toContainText('Москва')
    expect(await picker.stored()).toMatchObject({ prompted: '1', delivery: 'pickup' })
    await page.reload()
    await expect(picker.toolbarButton).toContainText('Москва')
    await expect(page.getByRole('dialog', { name: /Ваш магазин/ })).toHaveCount(0)
  })

  test('opens the picker on Выбрать другой and does not ask again after closing it', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await page.goto('/')
    const prompt = page.getByRole('dialog', { name: 'Ваш магазин — Москва?' })
    await prompt.getByRole('button', { name: 'Выбрать другой' }).click()
    const picker = new StorePickerPage(page)
    await expect(picker.dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('dialog', { name: /Ваш магазин/ })).toHaveCount(0)
  })

  test('closes once the shopper chooses a city in the picker opened from the toolbar', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await page.goto('/')
    const prompt = page.getByRole('dialog', { name: 'Ваш магазин — Москва?' })
    await expect(prompt).toBeVisible()
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await picker.dialog.getByRole('button', { name: 'Закрыть' }).click()
    await expect(picker.dialog).toBeHidden()
    await expect(picker.toolbarButton).toContainText('Казань')
    // The guess (Москва) would contradict the toolbar: the choice answered the question.
    await expect(page.getByRole('dialog', { name: /Ваш магазин/ })).toHaveCount(0)
  })
})

test('never prompts a bot for a store', async ({ page }) => {
  // Headless Chromium's user agent is a bot's (isbot): no prompt, nothing stored.
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('dialog', { name: /Ваш магазин/ })).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('shop.prompted'))).toBeNull()
})

test.describe('the picker on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

  test('searches an address within the chosen city', async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Нижний Новгород' })
    await expect(picker.cards.first()).toContainText('Нижний Новгород')
    // «Покров» is ул. Покровка in Москва too.
    await picker.search.fill('Покров')
    await expect(picker.dialog.getByText(/^Найдено: \d+ магазин/)).toBeVisible()
    const addresses = await picker.cards.locator('.store-card__address').allInnerTexts()
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.every((address) => address.includes('Нижний Новгород'))).toBe(true)
  })

  test("moves the city select to the found stores' city when the chosen city has none there", async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await expect(picker.cards.first()).toContainText('Казань')
    await picker.search.fill('Тверская')
    await expect(picker.city.locator('option:checked')).toHaveText('Москва')
    await expect(picker.cards.first()).toContainText('ул. Тверская')
    const addresses = await picker.cards.locator('.store-card__address').allInnerTexts()
    expect(addresses.every((address) => address.includes('Москва'))).toBe(true)
  })

  test('marks the saved store «Выбран» (disabled) on reopening, and gives the map the sheet’s height', async ({
    page,
  }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Казань' })
    await picker.chooseButton('ул. Баумана').click()
    await expect(picker.dialog).toBeHidden()
    await picker.open()
    const chosen = picker.dialog.getByRole('button', { name: /^Выбран: .*ул\. Баумана/ })
    await expect(chosen).toHaveText('Выбран')
    await expect(chosen).toBeDisabled()
    await expect(picker.dialog.getByRole('button', { name: /^Выбрать: .*ул\. Баумана/ })).toHaveCount(0)
    await picker.dialog.getByRole('tab', { name: 'Карта' }).click()
    const map = picker.dialog.locator('.store-map')
    await expect(map).toBeVisible()
    const height = (await map.boundingBox())!.height
    expect(height).toBeGreaterThanOrEqual(0.4 * 780)
  })
})
