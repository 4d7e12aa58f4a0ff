/**
 * «Карта лояльности» in the user menu: the signed-in shopper's card number as a barcode, full screen,
 * black on white; a decoder reads the drawn barcode back to the number. The number is never put in
 * local storage, the console or analytics. A shopper without a card is told so. 360 and 1440 px,
 * keyboard, axe.
 */
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { seriousViolations } from './fixtures/axe.ts'
import { decodeBarcode, svgPixels } from './fixtures/scan.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { WIDTHS, viewport, loggedEvents } from './fixtures/shopper-hand.ts'

// axe is injected inline, which the storefront's CSP rightly refuses.
test.use({ bypassCSP: true })

/** The mock's card number of the seeded shopper (user 100001). */
const ANNA_CARD = '7788000000100001'
/** The seeded shopper with a complete profile and no card. */
const NO_CARD_PHONE = '79000000003'

async function openCard(page: Page): Promise<void> {
  await page.goto('/cookie-policy')
  await waitForHydration(page)
  const toggle = page.locator('.user-menu__toggle')
  await toggle.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Карта лояльности' }).click()
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

for (const width of WIDTHS) {
  test(`shows the card number as a barcode a scanner reads back, full screen, at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport(width))
    const events = await loggedEvents(page)
    const console: string[] = []
    page.on('console', (message) => console.push(message.text()))
    await signIn(page, baseURL!, ANNA_PHONE)
    await openCard(page)
    const dialog = page.getByRole('dialog', { name: 'Карта лояльности' })
    await expect(dialog.getByRole('img', { name: 'Штрихкод карты 7788 0000 0010 0001' })).toBeVisible()
    await expect(dialog.getByText('7788 0000 0010 0001')).toBeVisible()
    // One plain request (UX4-22), not «… Яркость экрана лучше прибавить.»
    await expect(dialog.locator('.loyalty-card__hint')).toHaveText(
      'Покажите штрихкод на кассе и прибавьте яркость экрана.',
    )
    // Full screen, white, once the sheet has finished opening.
    await dialog.evaluate((node) => Promise.all(node.getAnimations({ subtree: true }).map((a) => a.finished)))
    const box = (await dialog.boundingBox())!
    expect(box.width).toBe(width)
    expect(await dialog.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(255, 255, 255)')
    expect(decodeBarcode(await svgPixels(page.locator('.loyalty-card__code svg')))).toBe(ANNA_CARD)

    expect(await seriousViolations(page, '.loyalty-card')).toEqual([])
    await expect(page).toHaveScreenshot(`loyalty-card-${width}.png`)

    // Never kept or told: not in storage, the console, or the event.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toContain(ANNA_CARD)
    expect(console.join('\n')).not.toContain(ANNA_CARD)
    const open = events.find((event) => event.name === 'loyalty_card_open')
    expect(open).toBeDefined()
    expect(JSON.stringify(open)).not.toContain(ANNA_CARD)

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.locator('.user-menu__toggle')).toBeFocused()
  })
}

test('tells a shopper without a card that there is none yet', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, NO_CARD_PHONE)
  await openCard(page)
  const dialog = page.getByRole('dialog', { name: 'Карта лояльности' })
  await expect(dialog.getByText(/У вас пока нет карты лояльности/)).toBeVisible()
  await expect(dialog.getByRole('img')).toHaveCount(0)
})

test.describe('the balance (UX4-07) at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('a new shopper registered for «300 баллов» finds them on the card', async ({ page, baseURL }) => {
    // A phone the mock does not know registers (ecom-shopper.ts signs it up).
    await signIn(page, baseURL!, `7955${String(Date.now()).slice(-7)}`)
    await openCard(page)
    const dialog = page.getByRole('dialog', { name: 'Карта лояльности' })
    await expect(dialog.getByRole('img', { name: /^Штрихкод карты / })).toBeVisible()
    await expect(dialog.getByText('На карте 300 баллов')).toBeVisible()
    await page.screenshot({ path: 'e2e/artifacts/loyalty-balance-360.png' })
  })

  test('the seeded shopper sees her points', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, ANNA_PHONE)
    await openCard(page)
    await expect(
      page.getByRole('dialog', { name: 'Карта лояльности' }).getByText('На карте 1 240 баллов'),
    ).toBeVisible()
  })

  test('without the balance in the gateway’s answer it says where to see it', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, ANNA_PHONE)
    await page.route('**/aurora-id/v1/keeperid/bunch', async (route) => {
      const response = await route.fetch()
      const { loyaltyPoints: _points, ...bunch } = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: bunch })
    })
    await openCard(page)
    const dialog = page.getByRole('dialog', { name: 'Карта лояльности' })
    await expect(dialog.getByRole('img', { name: /^Штрихкод карты / })).toBeVisible()
    await expect(
      dialog.getByText('Баланс баллов — в чеке после покупки и на кассе любого магазина «Аврора».'),
    ).toBeVisible()
    await page.screenshot({ path: 'e2e/artifacts/loyalty-balance-elsewhere-360.png' })
  })
})
