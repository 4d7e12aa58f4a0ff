/**
 * The home page's horizontal lists: on a wide screen the banner sliders, «Популярное» and the goods
 * rails have arrows (and the banners dots) that work with a mouse and the keyboard, instantly under
 * reduced motion; on a phone the next banner peeks in. The news line shows every message. The arrows
 * and dots are the browser's own carousel parts (CSS ::scroll-button and ::scroll-marker), so they
 * are reached by position and through the accessibility tree rather than as DOM elements.
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { DESKTOP, PHONE, acceptCookies } from './fixtures/layout.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await page.addInitScript(() => localStorage.setItem('shop.prompted', '1'))
})

const scrollLeft = (track: Locator) => track.evaluate((element) => element.scrollLeft)

/** Clicks a track's forward arrow (8 px inside its right edge, vertically centred). */
async function clickForward(page: Page, track: Locator): Promise<void> {
  await track.scrollIntoViewIfNeeded()
  const box = (await track.boundingBox())!
  await page.mouse.click(box.x + box.width - 8 - 22, box.y + box.height / 2)
}

/** Names of the buttons and links in the page's accessibility tree (pseudo-element controls included). */
async function accessibleControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ role?: { value?: string }; name?: { value?: string } }>
  }
  await cdp.detach()
  return nodes
    .filter((node) => ['button', 'link'].includes(String(node.role?.value)))
    .map((node) => `${node.role?.value}:${node.name?.value ?? ''}`)
}

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP })

  test('the main slider has named arrows and dots, and the forward arrow reaches slides 2 and 3', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const controls = await accessibleControls(page)
    expect(controls).toContain('button:Вперёд')
    // The dots: one link per banner of both sliders.
    expect(controls.filter((name) => name === 'link:Баннер').length).toBeGreaterThanOrEqual(3)
    const track = page.getByRole('region', { name: 'Главные предложения' }).locator('.banner-slider__list')
    const items = track.locator('.banner-slider__item')
    await clickForward(page, track)
    await expect
      .poll(() => items.nth(1).evaluate((item) => Math.round(item.getBoundingClientRect().left)))
      .toBe(await track.evaluate((element) => Math.round(element.getBoundingClientRect().left)))
    await clickForward(page, track)
    await expect(items.nth(2)).toBeInViewport({ ratio: 0.95 })
  })

  test('the keyboard reaches the arrows: Tab from the news line, Enter moves the slider', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const track = page.getByRole('region', { name: 'Главные предложения' }).locator('.banner-slider__list')
    await page.locator('.ticker a').last().focus()
    // The slider's own controls come first after the news line (the back arrow is disabled at the start).
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => scrollLeft(track)).toBeGreaterThan(0)
    await expect(page).toHaveURL(/\/$/)
  })

  test('«Популярное» and a goods rail scroll with their arrows', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    // A goods rail overflows once it shows all its goods.
    const specials = page.locator('section[aria-labelledby="home-specials"]')
    await specials.getByRole('button', { name: /^Показать ещё \d+$/ }).click()
    await specials.locator('.product-rail').evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }))
    for (const track of [
      page.locator('section[aria-labelledby="home-popular"] .rail'),
      specials.locator('.product-rail'),
    ]) {
      expect(await scrollLeft(track)).toBe(0)
      await clickForward(page, track)
      await expect.poll(() => scrollLeft(track)).toBeGreaterThan(100)
    }
  })

  test('under reduced motion an arrow moves the slider at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await waitForHydration(page)
    const track = page.getByRole('region', { name: 'Главные предложения' }).locator('.banner-slider__list')
    expect(await track.evaluate((element) => getComputedStyle(element).scrollBehavior)).toBe('auto')
    await clickForward(page, track)
    const width = await track.evaluate((element) => element.clientWidth)
    expect(
      await track.evaluate(
        (element) => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(element.scrollLeft))),
      ),
    ).toBeGreaterThan(width / 2)
  })

  test('the news line shows every message', async ({ page }) => {
    await page.goto('/')
    const items = page.getByRole('region', { name: 'Новости' }).locator('.ticker__item')
    expect(await items.count()).toBeGreaterThan(1)
    for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 })
  })
})

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('the next banner peeks in, and the news line reaches every message', async ({ page }) => {
    await page.goto('/')
    const slider = page.getByRole('region', { name: 'Главные предложения' })
    const second = (await slider.locator('.banner-slider__item').nth(1).boundingBox())!
    expect(second.x).toBeLessThan(PHONE.width - 16)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    // One line that scrolls sideways (UX4-09): each message comes whole into view.
    const items = page.getByRole('region', { name: 'Новости' }).locator('.ticker__item')
    for (const item of await items.all()) {
      await item.scrollIntoViewIfNeeded()
      await expect(item).toBeInViewport({ ratio: 1 })
    }
  })
})
