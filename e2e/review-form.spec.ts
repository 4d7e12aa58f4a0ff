/**
 * Writing a review on a phone: the form fits the 360 px column, the photo picker is a Russian
 * «Добавить фото» control with previews, focus starts on the rating, and the field errors clear as
 * the fields become valid.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { PHONE, acceptCookies } from './fixtures/layout.ts'
import { freshPhone, signIn } from './fixtures/ecom-shopper.ts'

/** An 8 × 8 red PNG for the photo upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4YGCAFTEMLQkA2ntMAeuWKpoAAAAASUVORK5CYII=',
  'base64',
)

test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

test('the review form fits 360 px and picks photos with a Russian control', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await signIn(page, baseURL!, freshPhone())
  await page.goto('/product/10005/reviews')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Написать отзыв' }).click()
  const form = page.getByRole('form', { name: 'Новый отзыв' })
  await expect(form).toBeVisible()
  // Focus starts in the form, on the rating.
  await expect(form.getByRole('radio', { name: '1 — Плохо' })).toBeFocused()
  await form.getByLabel('Комментарий').fill('Пользуюсь месяц, кожа стала мягче. '.repeat(8))

  const fits = async () => {
    const formBox = (await form.boundingBox())!
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(PHONE.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    for (const textarea of await form.locator('textarea').all()) {
      const box = (await textarea.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(formBox.x + formBox.width + 0.5)
    }
  }
  await fits()

  // No browser-language «Choose Files / No file chosen»: a Russian button, and previews with removal.
  const add = form.getByText('Добавить фото', { exact: true })
  await expect(add).toBeVisible()
  // The native input (with the browser's own texts) is only there for keyboards and screen readers.
  expect((await form.locator('input[type=file]').boundingBox())!.width).toBeLessThanOrEqual(1)
  await form.getByLabel('Добавить фото').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG })
  await expect(form.getByRole('img', { name: 'Фото 1: photo.png' })).toBeVisible()
  await expect(form.getByText('1 из 3')).toBeVisible()
  await fits()
  await form.getByRole('button', { name: 'Убрать фото 1' }).click()
  await expect(form.getByRole('img', { name: 'Фото 1: photo.png' })).toHaveCount(0)
})

test('the review errors clear as the fields become valid', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await signIn(page, baseURL!, freshPhone())
  await page.goto('/product/10005/reviews')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Написать отзыв' }).click()
  const form = page.getByRole('form', { name: 'Новый отзыв' })
  await form.getByLabel('Комментарий').fill('')
  await form.getByRole('button', { name: 'Отправить отзыв' }).click()
  await expect(form.getByText('Поставьте оценку от 1 до 5')).toBeVisible()
  await expect(form.getByText('Напишите несколько слов о товаре')).toBeVisible()
  await form.locator('label').filter({ hasText: '4 — Хорошо' }).click()
  await expect(form.getByText('Поставьте оценку от 1 до 5')).toHaveCount(0)
  await form.getByLabel('Комментарий').fill('Хороший крем')
  await expect(form.getByText('Напишите несколько слов о товаре')).toHaveCount(0)
})
