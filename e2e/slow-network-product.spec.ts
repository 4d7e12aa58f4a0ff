/**
 * Walkthrough UX3-12 (decision 032): on DevTools' Slow 3G (CDP network emulation; the browser reads
 * it as a `2g` connection), with nothing prefetched, a product opened from a category comes in one
 * round: the product's document, whose server HTML already holds its name and price, and then the
 * route's chunks all together (each preloaded by the document's head, none waiting for another), no
 * gateway call of the product's data from the browser. Structure only: the time it takes is the
 * browser bench's figure, not a test's.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

/**
 * The data saver on, the connection as the browser measures it: nothing is prefetched, so the product's
 * code is not in the cache yet (a link in view otherwise has its route's code loaded ahead, and then the
 * document's chunks come from the cache at once). This is the round the test is about.
 */
const saveData = () => {
  const measured = (navigator as { connection?: { effectiveType?: string } }).connection
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    get: () => ({ effectiveType: measured?.effectiveType, saveData: true }),
  })
}

/** DevTools' Slow 3G preset (scripts/bench/slow-3g.mjs). */
const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 }

test('a product opened from a category on Slow 3G comes as its document, its code in one round after it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await page.addInitScript(saveData)
  await page.goto(`${baseURL}/catalog`)
  await waitForHydration(page)
  await page.locator('main a[href^="/catalog/"]').first().click()
  await expect(page).toHaveURL(/\/catalog\/\d+/)
  await expect(new CatalogPage(page).cards.first()).toBeVisible()
  await page.waitForLoadState('networkidle')

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
  expect(
    await page.evaluate(() => (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType),
  ).toBe('2g')

  const requests: { url: string; type: string; start: number; end?: number }[] = []
  page.on('request', (request) =>
    requests.push({ url: request.url(), type: request.resourceType(), start: Date.now() }),
  )
  page.on('requestfinished', (request) => {
    const entry = requests.find((r) => r.url === request.url() && r.end === undefined)
    if (entry) entry.end = Date.now()
  })
  const card = new CatalogPage(page).cards.first()
  const name = (await card.getByRole('heading').innerText()).trim()
  const href = (await card.locator('.product-card__link').getAttribute('href'))!
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === href)
  await card.locator('.product-card__link').tap()

  // The document of the product: its HTML already shows the name and the price (server-rendered).
  const html = await (await answered).text()
  expect(html).toContain(name)
  expect(html).toMatch(/class="price__current[ "]/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await waitForHydration(page)

  const documentIndex = requests.findIndex((r) => r.type === 'document' && new URL(r.url).pathname === href)
  expect(documentIndex).toBeGreaterThanOrEqual(0)
  const after = requests.slice(documentIndex + 1)
  // No gateway call for the product's data from the browser: it came in the document.
  expect(after.filter((r) => /\/webgate\/v2\/goods\/\d+/.test(r.url))).toEqual([])
  // The page's code, the chunks its head preloads, from the network (a round trip takes 2 s; the
  // shell's come from the cache at once), start before any of them has ended: one round, not a chain of
  // imports found one by one. (What loads later on its own, after hydration, is not the page's code.)
  const preloads = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!))
  const chunks = after.filter((r) => preloads.has(new URL(r.url).pathname) && (r.end ?? Infinity) - r.start > 1_000)
  expect(chunks.length).toBeGreaterThan(0)
  const firstEnd = Math.min(...chunks.map((r) => r.end ?? Infinity))
  for (const chunk of chunks) expect(chunk.start, chunk.url).toBeLessThanOrEqual(firstEnd)
})
