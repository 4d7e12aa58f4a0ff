/**
 * The footer of a shop that takes orders and card payments: delivery, returns, the personal-data
 * policy, the user agreement and a free support number, at both widths.
 */
import { test, expect } from './fixtures/stack.ts'
import { DESKTOP, PHONE } from './fixtures/layout.ts'

for (const [name, viewport] of [
  ['1440', DESKTOP],
  ['360', PHONE],
] as const) {
  test(`the footer links delivery, returns, the legal documents and support at ${name} px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/')
    const footer = page.locator('footer.site-footer')
    for (const [label, path] of [
      ['Доставка и оплата', '/delivery'],
      ['Возврат', '/returns'],
      ['Политика обработки персональных данных', '/legal/privacy'],
      ['Пользовательское соглашение', '/legal/agreement'],
    ] as const) {
      const link = footer.getByRole('link', { name: label, exact: true })
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('href', new RegExp(`${path.replace(/\//g, '\\/')}$`))
    }
    const phone = footer.getByRole('link', { name: /^8 800 / })
    await expect(phone).toBeVisible()
    await expect(phone).toHaveAttribute('href', /^tel:\+7800\d{7}$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
  })
}
