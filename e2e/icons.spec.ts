/**
 * Icons are in the server's HTML: `<svg><use href="/assets/svg/icons/{project}/all.svg#name">` of the
 * project's sprite (client/components/icon.tsx), so they show with JavaScript off and never flash empty
 * while the page's code loads. The first screen's icons (the header's, the cards' heart) use symbols
 * the page carries, `#i-{name}`, and are drawn in the first paint. A failed sprite load shows nothing
 * and is logged (spec section 7).
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'

const CATEGORY = '/catalog/4-ukhod-za-volosami'
const PRODUCT = '/product/10323-shampun-morskie-mineraly-polyarnaya-noch'

/** The icon's box and the box of what its `<use>` draws (empty until the sprite's symbol is there). */
function drawn(icon: Locator) {
  return icon.evaluate((svg: SVGSVGElement) => {
    const box = svg.getBoundingClientRect()
    const shape = svg.querySelector('use')!.getBBox()
    return {
      width: Math.round(box.width),
      height: Math.round(box.height),
      drawn: shape.width > 0 && shape.height > 0,
      href: svg.querySelector('use')!.getAttribute('href'),
    }
  })
}

/** Waits until the icon draws its symbol (one the page carries, `#i-{name}`), and gives its box. */
async function expectDrawn(icon: Locator, name: string, size: number): Promise<void> {
  await expect.poll(() => drawn(icon)).toEqual({ width: size, height: size, drawn: true, href: `#i-${name}` })
}

const header = (page: Page) => page.locator('header').first()

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the header shows its icons, and buttons only JavaScript serves are hidden, not empty', async ({ page }) => {
    const search = () => header(page).getByRole('button', { name: 'Найти' }).locator('svg')
    await page.goto('/')
    await expectDrawn(header(page).getByRole('link', { name: 'Каталог' }).locator('svg'), 'catalog', 20)
    await expectDrawn(header(page).getByRole('link', { name: 'Акции' }).locator('svg'), 'percent', 20)
    await expect.poll(async () => (await drawn(search())).drawn).toBe(true)
    // The store picker needs JavaScript (client/public/assets/no-script.css): no pin in an empty box.
    await expect(header(page).locator('.toolbar__store')).toBeHidden()

    await page.goto(CATEGORY)
    await expectDrawn(header(page).getByRole('link', { name: 'Каталог' }).locator('svg'), 'catalog', 20)
    await expect(page.getByRole('article').first()).toBeVisible()
    // The hearts are in the page, hidden: none shows as an empty box.
    expect(await page.getByRole('button', { name: 'В избранное', includeHidden: true }).count()).toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'В избранное' })).toHaveCount(0)

    await page.goto(PRODUCT)
    await expect.poll(async () => (await drawn(search())).drawn).toBe(true)
    await expect(page.getByRole('button', { name: 'Следующее фото' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Предыдущее фото' })).toBeHidden()
  })
})

test('the page asks for the sprite once, and hydration keeps the icons the server drew', async ({ page }) => {
  const sprites: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/assets/svg/icons/')) sprites.push(new URL(request.url()).pathname)
  })
  await page.goto(CATEGORY)
  const heart = page.getByRole('article').first().getByRole('button', { name: 'В избранное' }).locator('svg')
  await heart.evaluate((svg) => ((window as unknown as { __heart: Element }).__heart = svg))
  await waitForHydration(page)
  await expectDrawn(heart, 'heart', 18)
  expect(await heart.evaluate((svg) => svg === (window as unknown as { __heart: Element }).__heart)).toBe(true)
  // The sprite is fetched by the HTML's `<use>`, and once more from the HTTP cache in idle time to log a failure.
  await expect.poll(() => sprites.length).toBeGreaterThan(0)
  expect(new Set(sprites)).toEqual(new Set(['/assets/svg/icons/aurora/all.svg']))
})

test('a failed sprite load shows no sprite icon and is logged; the first screen keeps its icons', async ({
  page,
  consoleProblems,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.route('**/assets/svg/icons/**', (route) => route.fulfill({ status: 404, body: 'not found' }))
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => warnings.find((text) => text.startsWith('[icon] failed to load'))).toContain('all.svg')
  const icon = page.locator('footer').getByRole('link', { name: 'ВКонтакте' }).locator('svg')
  const state = await drawn(icon)
  // The icon keeps its place and draws nothing.
  expect(state).toMatchObject({ drawn: false, href: '/assets/svg/icons/aurora/all.svg#vk' })
  expect(state.width).toBeGreaterThan(0)
  // The header's icons are symbols of the page itself: no request can fail them.
  await expectDrawn(header(page).getByRole('link', { name: 'Каталог' }).locator('svg'), 'catalog', 20)
  // The 404 of the sprite itself is the failure under test.
  consoleProblems.length = 0
})
