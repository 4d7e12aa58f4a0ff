/**
 * The CSP's image allow-list (`img-src 'self' data:` plus configured origins): every page kind's
 * images still load, and no page breaks the policy (no violation event, no report to /api/csp-report).
 */
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'

const PAGES = [
  '/',
  '/catalog',
  '/catalog/1-ukhod-za-litsom',
  '/product/10001',
  '/product/10001/reviews',
  '/promo-product/30',
  '/popular/1-khity-mesyatsa',
  '/promo-catalog',
  '/promo-catalog/1-skidki-nedeli',
  '/search?q=крем',
  '/articles',
  '/articles/1-kak-vybrat-krem-dlya-litsa-po-tipu-kozhi',
]

/** Scrolls through the page so lazy images load, then waits for the eager ones and those started to finish. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)))
    }
  })
  await page.waitForLoadState('networkidle')
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        // A lazy image off screen (below the fold, a carousel's far end) never starts: nothing to wait for.
        .filter((img) => {
          if (img.complete) return false
          if (img.loading !== 'lazy') return true
          const box = img.getBoundingClientRect()
          return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
        })
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true })
              img.addEventListener('error', resolve, { once: true })
            }),
        ),
    ),
  )
}

test('every page kind shows its images under the CSP, with no violation', async ({ page }) => {
  const reports: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/csp-report') reports.push(request.postData() ?? '')
  })
  let images = 0
  for (const path of PAGES) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    const csp = response!.headers()['content-security-policy'] ?? ''
    expect(csp, path).toMatch(/img-src 'self' data:[^;]*;/)
    expect(
      csp
        .split('; ')
        .find((d) => d.startsWith('img-src'))!
        .split(' '),
      path,
    ).not.toContain('https:')
    expect(response!.headers()['reporting-endpoints'], path).toBe('csp-endpoint="/api/csp-report"')
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      )
    })
    await waitForHydration(page)
    await loadAllImages(page)
    // A finished image of no size failed to load (a blocked one included).
    const broken = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => img.currentSrc || img.src),
    )
    expect(broken, path).toEqual([])
    images += await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth > 0).length)
    expect(
      await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
      path,
    ).toEqual([])
  }
  expect(images).toBeGreaterThan(20)
  expect(reports).toEqual([])
})
