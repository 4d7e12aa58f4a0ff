/**
 * The till without signal (docs/decisions/029): the service worker keeps the signed-in shopper's
 * loyalty card and ready pickup passes, and with the network off they open from it and scan; neither
 * sign-out nor another shopper's sign-in leaves anything to open; a new build's worker replaces the
 * old one and the next navigation runs the new build's code; nothing is kept for an anonymous visitor
 * and no page comes from the worker while online; the web app manifest meets Chromium's
 * installability criteria; the install offer waits for a use of the card or a pass, never on the
 * first visit.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { BUILD_POLL_INTERVAL_MS } from '../shared/constants.ts'
import { test as base, expect, startStack, storePerWorker, waitForHydration, type Stack } from './fixtures/stack.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { makeOrdersReady, placePickupOrder, type PlacedOrder } from './fixtures/pickup-order.ts'
import { decodeBarcode, scanQr, svgPixels } from './fixtures/scan.ts'

/** This file's store: the tests move the gateway's order clock. */
const test = base.extend<Record<never, never>, { stack: Stack }>({ stack: [storePerWorker, { scope: 'worker' }] })

/** The seeded shopper with a complete profile and no card. */
const NO_CARD_PHONE = '79000000003'
/** The mock's card number of the seeded shopper (user 100001). */
const ANNA_CARD = '7788000000100001'
const dist = process.env.DIST_DIR ?? 'dist'
const KEPT_CACHE = 'aurora-kept-v1'

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

/** Opens `path` while the context is offline: the worker's offline page. */
async function openOffline(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'Нет сети' })).toBeVisible()
}

/** Waits until a service worker controls the page; resolves the build it says it is. */
async function workerBuild(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    const channel = new MessageChannel()
    const answer = new Promise<string>((resolve) => (channel.port1.onmessage = (event) => resolve(String(event.data))))
    navigator.serviceWorker.controller!.postMessage('build', [channel.port2])
    return answer
  })
}

/** Moves a page's fake clock on until offline support has started (2 s after load, in idle time). */
async function registered(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.fastForward(1_000)
      return page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active))
    })
    .toBe(true)
}

/** The paths of what the page's origin keeps in Cache Storage, by cache. */
async function cacheStorage(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {}
    for (const name of await caches.keys())
      all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort()
    return all
  })
}

async function openCardDialog(page: Page) {
  await page.locator('.user-menu__toggle').click()
  await page.getByRole('button', { name: 'Карта лояльности' }).click()
  return page.getByRole('dialog', { name: 'Карта лояльности' })
}

/** Signs the seeded shopper in on `page` with a pickup order ready in its store. */
async function shopperWithReadyOrder(page: Page, stack: Stack): Promise<{ userId: string; order: PlacedOrder }> {
  const userId = await signIn(page, stack.baseURL, ANNA_PHONE)
  const { order } = await placePickupOrder(page, stack)
  await makeOrdersReady(stack)
  return { userId, order }
}

test('with the network off, the kept card and a ready order’s pass open from the worker and scan', async ({
  page,
  context,
  stack,
}) => {
  const { userId, order } = await shopperWithReadyOrder(page, stack)
  await page.goto(`/ecom/orders/${order.id}`)
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Заказ готов к выдаче' })).toBeVisible()
  const dialog = await openCardDialog(page)
  await expect(dialog.getByRole('img', { name: 'Штрихкод карты 7788 0000 0010 0001' })).toBeVisible()
  await page.keyboard.press('Escape')
  await workerBuild(page)
  await expect
    .poll(async () => (await cacheStorage(page))[KEPT_CACHE])
    .toEqual(
      expect.arrayContaining([`/__kept/${userId}/card`, `/__kept/${userId}/pass/${encodeURIComponent(order.id)}`]),
    )

  await context.setOffline(true)
  await openOffline(page, '/')
  const barcode = page.getByRole('img', { name: 'Штрихкод карты 7788 0000 0010 0001' })
  await expect(barcode).toBeVisible()
  expect(decodeBarcode(await svgPixels(barcode))).toBe(ANNA_CARD)
  const qr = page.getByRole('img', { name: `QR-код заказа ${order.number}` })
  await expect(qr).toBeVisible()
  expect(await scanQr(qr)).toBe(order.number)
  // When the data was kept, and until when the store keeps the order (the shopper's other ready
  // orders, kept unseen, have passes of their own).
  const stale = /^Нет сети: данные на \d{2}:\d{2}$/
  await expect(page.locator('.offline-page__card').getByText(stale)).toBeVisible()
  const pass = page.getByRole('region', { name: 'Заказ готов к выдаче' }).filter({ has: qr })
  await expect(pass.getByText(stale)).toBeVisible()
  await expect(pass.locator('time')).toHaveText(/^Хранится до \d{1,2} [а-я]+ \d{4}, \d{2}:\d{2}$/)
  // No catalogue page comes from the worker: the order page's own address shows the same offline page.
  await openOffline(page, `/ecom/orders/${order.id}`)
  await expect(page.locator('.pickup-pass').first()).toContainText(order.number)

  // A page loaded while online: the card dialog falls back to the kept card when the gateway is out of reach.
  // Back online, the offline page reloads itself (offline-page.ts); that reload is let finish first, or it
  // aborts the navigation below (net::ERR_ABORTED in 1 CI run).
  const selfReload = page.waitForEvent('load')
  await context.setOffline(false)
  await selfReload
  await page.goto('/cookie-policy')
  await waitForHydration(page)
  await context.setOffline(true)
  const kept = await openCardDialog(page)
  await expect(kept.getByRole('img', { name: 'Штрихкод карты 7788 0000 0010 0001' })).toBeVisible()
  await expect(kept.getByText(/^Нет сети: данные на \d{2}:\d{2}$/)).toBeVisible()
})

test('the card and a ready pass are kept on a signed-in visit even when their screens were not opened', async ({
  page,
  context,
  stack,
}) => {
  const { userId, order } = await shopperWithReadyOrder(page, stack)
  await page.goto('/cookie-policy')
  await waitForHydration(page)
  await workerBuild(page)
  await expect
    .poll(async () => (await cacheStorage(page))[KEPT_CACHE], { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([`/__kept/${userId}/card`, `/__kept/${userId}/pass/${encodeURIComponent(order.id)}`]),
    )
  // Kept, not used: the install offer still waits for the shopper to open one of them.
  expect(await page.evaluate(() => localStorage.getItem('app.install.used'))).toBeNull()

  await context.setOffline(true)
  await openOffline(page, '/')
  const barcode = page.getByRole('img', { name: 'Штрихкод карты 7788 0000 0010 0001' })
  expect(decodeBarcode(await svgPixels(barcode))).toBe(ANNA_CARD)
  expect(await scanQr(page.getByRole('img', { name: `QR-код заказа ${order.number}` }))).toBe(order.number)
})

test('after sign-out, with the network off, neither the card nor a pass opens', async ({ page, context, stack }) => {
  const { userId, order } = await shopperWithReadyOrder(page, stack)
  await page.goto(`/ecom/orders/${order.id}`)
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Заказ готов к выдаче' })).toBeVisible()
  await (await openCardDialog(page)).getByRole('img').waitFor()
  await page.keyboard.press('Escape')
  await workerBuild(page)
  // The card and this order's pass (with the passes of the shopper's other ready orders, kept unseen).
  await expect
    .poll(async () => (await cacheStorage(page))[KEPT_CACHE])
    .toEqual(
      expect.arrayContaining([`/__kept/${userId}/card`, `/__kept/${userId}/pass/${encodeURIComponent(order.id)}`]),
    )

  const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/session/logout'))
  await page.locator('.user-menu__toggle').click()
  await page.getByRole('button', { name: 'Выйти' }).click()
  expect.soft(await (await signedOut).headerValue('clear-site-data')).toBe('"cookies", "storage"')
  await expect(page.getByText('Вы вышли из аккаунта')).toBeVisible()
  await expect.poll(async () => (await cacheStorage(page))[KEPT_CACHE]).toBeUndefined()

  // The next page registers the worker again; offline it has nothing of the shopper to show.
  await page.goto('/')
  await waitForHydration(page)
  await workerBuild(page)
  await context.setOffline(true)
  for (const path of ['/', `/ecom/orders/${order.id}`]) {
    await openOffline(page, path)
    await expect(page.getByText(/если вы уже открывали их на этом устройстве/)).toBeVisible()
    await expect(page.getByRole('img')).toHaveCount(0)
  }
})

test('another shopper signing in on the device, without a sign-out, leaves nothing of the last one kept', async ({
  page,
  context,
  stack,
}) => {
  const first = await signIn(page, stack.baseURL, ANNA_PHONE)
  await page.goto('/cookie-policy')
  await waitForHydration(page)
  await (await openCardDialog(page)).getByRole('img').waitFor()
  await page.keyboard.press('Escape')
  await workerBuild(page)
  await expect.poll(async () => (await cacheStorage(page))[KEPT_CACHE]).toContain(`/__kept/${first}/card`)

  // The first shopper's session ends without a sign-out (its cookies go), and another signs in.
  await context.clearCookies()
  await context.addCookies([{ name: 'user_agreement', value: '1', url: stack.baseURL }])
  const second = await signIn(page, stack.baseURL, NO_CARD_PHONE)
  await page.goto('/cookie-policy')
  await waitForHydration(page)
  await expect
    .poll(
      async () =>
        ((await cacheStorage(page))[KEPT_CACHE] ?? []).filter((path) => !path.startsWith(`/__kept/${second}/`)),
      {
        timeout: 20_000,
      },
    )
    .toEqual([])
  await context.setOffline(true)
  await openOffline(page, '/')
  await expect(page.getByRole('img')).toHaveCount(0)
})

test('an anonymous visitor gets only the offline shell kept, and no page comes from the worker', async ({
  page,
  context,
}) => {
  const pages: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') pages.push(response.headers()['cache-control'] ?? '')
  })
  await page.goto('/catalog')
  await waitForHydration(page)
  const build = await workerBuild(page)
  const manifest = JSON.parse(readFileSync(join(dist, 'client', 'manifest.json'), 'utf8')) as {
    css: string[]
    webManifest: string
  }
  const kept = await cacheStorage(page)
  expect(Object.keys(kept)).toEqual([`aurora-shell-${build}`])
  expect(kept[`aurora-shell-${build}`]).toEqual(
    expect.arrayContaining(['/offline.html', manifest.css[0], manifest.webManifest]),
  )
  expect(
    kept[`aurora-shell-${build}`]!.filter((path) => !/^\/(offline\.html|favicon\.svg|assets\/)/.test(path)),
  ).toEqual([])

  // Online, a page under the worker is the server's own answer (its headers), not a kept copy.
  await page.reload()
  await waitForHydration(page)
  expect(pages.at(-1)).toMatch(/s-maxage|no-store|private/)
  // The reloaded page fetches what it loads lazily (the scroll restore's chunk) after hydration: going
  // offline before that ends made its load fail, a console error, in 1 of 3 runs.
  await page.waitForLoadState('networkidle')
  await context.setOffline(true)
  await openOffline(page, '/catalog')
  await expect(page.locator('.product-card')).toHaveCount(0)
})

test('the manifest meets the installability criteria, and Chromium finds no installability error', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toMatch(/^\/assets\/manifest-[A-Z0-9]{8}\.webmanifest$/)
  const answer = await page.request.get(href!)
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const manifest = (await answer.json()) as {
    name: string
    short_name: string
    start_url: string
    scope: string
    display: string
    theme_color: string
    background_color: string
    icons: { src: string; sizes: string; type: string; purpose?: string }[]
  }
  expect(manifest).toMatchObject({ short_name: 'Аврора', display: 'standalone', lang: 'ru', theme_color: '#7a1f5c' })
  expect(manifest.name).toMatch(/^Аврора/)
  const base = new URL(page.url())
  expect(new URL(manifest.start_url, base).href.startsWith(new URL(manifest.scope, base).href)).toBe(true)
  // Each icon is a PNG of the size it claims (the IHDR's width and height), 192 and 512 px, one maskable.
  for (const icon of manifest.icons) {
    const png = await (await page.request.get(icon.src)).body()
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes)
  }
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))

  // A worker with a fetch handler controls the page (the last criterion), and Chromium agrees.
  await workerBuild(page)
  const cdp = await context.newCDPSession(page)
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
  expect(parsed.url).toBe(new URL(href!, base).href)
  expect(parsed.errors).toEqual([])
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[]
  }
  // A test's browser context is off the record, which Chromium never installs from: nothing else.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
})

test('the install offer waits for a use of the card, and never comes on the first visit', async ({
  context,
  page,
  stack,
}) => {
  /** Fires the browser's install event as Chromium does once the store is installable; resolves whether the page held it. */
  const fireInstallEvent = (target: Page) =>
    target.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void Object.assign(window, { installPrompted: true }),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      window.dispatchEvent(event)
      return event.defaultPrevented
    })
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await page.goto('/cookie-policy')
  await waitForHydration(page)
  await workerBuild(page)
  await (await openCardDialog(page)).getByRole('img').waitFor()
  await page.keyboard.press('Escape')
  expect(await fireInstallEvent(page)).toBe(true)
  // The first visit: the card was used, and still no offer.
  await page.waitForTimeout(500)
  await expect(page.locator('[data-toast-type="install-app"]')).toHaveCount(0)

  // A later visit (another tab's session): the offer, in Russian, and its button asks the browser.
  const later = await context.newPage()
  await later.goto('/cookie-policy')
  await waitForHydration(later)
  await workerBuild(later)
  await expect.poll(() => later.evaluate(() => localStorage.getItem('app.install.used'))).toBe('1')
  // The worker registration module holds the event once it has loaded (after load, in idle time).
  await expect.poll(() => fireInstallEvent(later)).toBe(true)
  const offer = later.locator('[data-toast-type="install-app"]')
  await expect(offer).toContainText('Установить «Аврору» на телефон?')
  await offer.getByRole('button', { name: 'Установить' }).click()
  await expect.poll(() => later.evaluate(() => (window as { installPrompted?: boolean }).installPrompted)).toBe(true)
  await later.close()
})

test('after a new build, the worker is replaced and the next navigation runs the new build’s code', async ({
  browser,
}, testInfo) => {
  // Inside the repository, so the server's bundle finds its packages.
  const next = testInfo.outputPath('next-build')
  const stack = await startStack()
  try {
    // The next build: another id, a worker that says so, and a head script that marks the page.
    cpSync(dist, next, { recursive: true })
    const manifestFile = join(next, 'client', 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { buildId: string; consentMark: string }
    const oldBuild = manifest.buildId
    const newBuild = 'nextbuild001'
    const worker = join(next, 'client', 'sw.js')
    writeFileSync(worker, readFileSync(worker, 'utf8').replaceAll(oldBuild, newBuild))
    rmSync(`${worker}.br`, { force: true })
    rmSync(`${worker}.gz`, { force: true })
    const mark = '/assets/consent-mark-NEXTBILD.js'
    writeFileSync(
      join(next, 'client', mark),
      `${readFileSync(join(next, 'client', manifest.consentMark), 'utf8')};document.documentElement.dataset.build="next"`,
    )
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, buildId: newBuild, consentMark: mark }))
    writeFileSync(join(next, 'BUILD_ID'), newBuild)

    const context = await browser.newContext({ baseURL: stack.baseURL })
    const page = await context.newPage()
    await page.clock.install()
    await page.goto('/')
    await waitForHydration(page)
    await registered(page)
    expect(await workerBuild(page)).toBe(oldBuild)

    await stack.restartServer(next)
    const polled = page.waitForResponse(async (response) =>
      response.url().includes('/builds/latest.json') ? (await response.text()).includes(newBuild) : false,
    )
    await page.clock.fastForward(BUILD_POLL_INTERVAL_MS + 1_000)
    await polled
    const load = page.waitForEvent('load')
    await page.locator('a.toolbar__catalog').click()
    await load
    await expect(page).toHaveURL(/\/catalog$/)
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('next')
    // The new build's worker takes over and drops the old build's shell. The old worker is still
    // active, so `registered` would return at once; the new page asks for the update itself once
    // offline support starts (in idle time after load, on the fake clock), so the clock moves on
    // until then rather than leaving it to the browser's own check after a navigation.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(1_000)
          return workerBuild(page)
        },
        { timeout: 20_000 },
      )
      .toBe(newBuild)
    await expect.poll(async () => Object.keys(await cacheStorage(page))).toEqual([`aurora-shell-${newBuild}`])
    await context.close()
  } finally {
    await stack.stop()
    rmSync(next, { recursive: true, force: true })
  }
})
