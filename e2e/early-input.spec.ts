/**
 * Input on the server's HTML before the page's code is in (decision 018, "Early input"): the page's
 * chunks are held, the shopper taps and types on what the server rendered, and once the code arrives
 * the page acts on it as if React had listened all along. Before, only a `type="button"` click was
 * kept: a ticked radio went back to the draft's choice, typed text was not the form's, a chosen sort
 * did nothing.
 */
import { test, expect, holdPageCode, stallChunkOf, waitForHydration } from './fixtures/stack.ts'
import { openCheckout } from './fixtures/checkout-page.ts'
import { CourierForm } from './fixtures/courier-form.ts'
import { SearchBox } from './fixtures/search-box.ts'
import { acceptCookies, PHONE } from './fixtures/layout.ts'

// Assets come from the network, where the test holds them, never from the offline worker's cache.
test.use({ serviceWorkers: 'block', viewport: PHONE })

const notHydrated = (page: import('@playwright/test').Page) =>
  expect(page.locator('html[data-hydrated]')).toHaveCount(0)

test('courier ticked on the server checkout is chosen and saved once the code is in', async ({ page, stack }) => {
  const checkout = await openCheckout(page, stack.baseURL)
  await checkout.choosePickup()
  await expect(page.getByText('Сохраняем…')).toHaveCount(0)
  const release = await holdPageCode(page, 'ecom-checkout')
  await page.reload()
  const courier = page.getByRole('radio', { name: 'Доставка курьером' })
  await courier.check()
  await notHydrated(page)
  release()
  await waitForHydration(page)
  const form = new CourierForm(page)
  await expect(form.street).toBeVisible()
  await expect(courier).toBeChecked()
  await expect(page.getByText('Сохраняем…')).toHaveCount(0)
  // The gateway's draft has it: a fresh load renders courier delivery.
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Доставка курьером' })).toBeChecked()
  await expect(form.street).toBeVisible()
})

test('a street typed on the server checkout is the form’s: its suggestions open once the code is in', async ({
  page,
  stack,
}) => {
  // The cookie banner would cover the suggestions in the screenshot.
  await acceptCookies(page, stack.baseURL)
  await openCheckout(page, stack.baseURL)
  const form = new CourierForm(page)
  await form.choose()
  const release = await holdPageCode(page, 'ecom-checkout')
  await page.reload()
  await form.street.fill('')
  await form.street.pressSequentially('Тверск', { delay: 20 })
  await notHydrated(page)
  release()
  await waitForHydration(page)
  await expect(form.suggestions.getByRole('option', { name: /ул\. Тверская\s+Москва/ })).toBeVisible()
  await expect(form.street).toHaveValue('Тверск')
  await expect(form.street).toBeFocused()
  await page.screenshot({ path: 'e2e/artifacts/early-input-street-360.png' })
  // The text stays when the form renders again: the suggestion taken fills the street from it.
  await form.suggestions.getByRole('option', { name: /ул\. Тверская\s+Москва/ }).click()
  await expect(form.street).toHaveValue('ул. Тверская, д. ')
  await expect(form.city).toHaveText('Город доставки: Москва')
})

/**
 * Types «шамп» into the home page's search box while the page's code is held, then lets the code in;
 * answers the box.
 */
async function typeQueryBeforeHydration(page: import('@playwright/test').Page): Promise<SearchBox> {
  const release = await holdPageCode(page, 'main')
  await page.goto('/')
  const search = new SearchBox(page)
  await search.type('шамп')
  await notHydrated(page)
  release()
  return search
}

test('a query typed into the server search box gets its suggestions once the code is in', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  const search = await typeQueryBeforeHydration(page)
  await waitForHydration(page)
  await expect(search.options.filter({ hasText: /^Шампуни/ })).toBeVisible()
  await expect(search.input).toHaveValue('шамп')
})

test('a replay whose code never arrives holds the page’s handlers a few seconds, not for good', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!)
  await stallChunkOf(page, 'client/app/early-input-replay.ts')
  const search = await typeQueryBeforeHydration(page)
  // REPLAY_WAIT_MS (3 s) after the page's code is in, the page hydrates without the replay...
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 10_000 })
  // ...and listens: the next letter is React's, with what the field holds.
  await search.input.pressSequentially('у')
  await expect(search.options.filter({ hasText: /^Шампуни/ })).toBeVisible()
  await expect(search.input).toHaveValue('шампу')
})

test('a sort chosen on the server category page sorts it once the code is in', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  const release = await holdPageCode(page, 'catalog-category')
  await page.goto('/catalog/1-ukhod-za-litsom')
  const sort = page.getByRole('combobox', { name: 'Сортировка' })
  await sort.selectOption({ label: 'Сначала дешёвые' })
  await notHydrated(page)
  release()
  await expect(page).toHaveURL(/[?&]sort=price-asc\b/)
  await expect(sort).toHaveValue('price-asc')
  // The sorted list follows the address (its goods come from the gateway).
  const firstPrices = () =>
    page
      .locator('.goods-list .price__current')
      .evaluateAll((items) => items.slice(0, 6).map((item) => Number(item.textContent!.replace(/\D/g, ''))))
  await expect
    .poll(async () => {
      const prices = await firstPrices()
      return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price)
    })
    .toBe(true)
})

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('a filter ticked on the server category page filters it once the code is in', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    const release = await holdPageCode(page, 'catalog-category')
    await page.goto('/catalog/4-ukhod-za-volosami')
    const inStock = page.getByRole('complementary', { name: 'Фильтры' }).getByRole('checkbox', { name: /^В наличии/ })
    await inStock.check()
    await notHydrated(page)
    release()
    await expect(page).toHaveURL(/[?&]inStock=1/)
    await expect(inStock).toBeChecked()
    await expect(page.getByRole('list', { name: 'Выбранные фильтры' })).toContainText('В наличии')
    await page.screenshot({ path: 'e2e/artifacts/early-input-filter-1440.png' })
  })
})
