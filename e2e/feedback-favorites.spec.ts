/**
 * Product feedback and favorites in Chromium against the mock gateway: the promo goods page is a product page
 * (gallery, tabs, buy box, reviews); a signed-in shopper writes a review with a photo and sees it as
 * their own, in moderation; answers the feedback poll (with its analytics events); keeps favorites
 * on the favorites page and removes them there.
 */
import type { Page, Request } from '@playwright/test'
import { test, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'
import { ANNA_PHONE, OTP_CODE, freshPhone, signIn } from './fixtures/ecom-shopper.ts'

/** An 8 × 8 red PNG for the photo upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4YGCAFTEMLQkA2ntMAeuWKpoAAAAASUVORK5CYII=',
  'base64',
)

/** A store with the analytics counter and e-commerce on (the buy box's cart button, the poll's events). */
let counted: Stack
test.beforeAll(async () => {
  counted = await startStack({ ANALYTICS_COUNTER_ID: '12345', ECOM: 'true' })
})
test.afterAll(async () => {
  await counted?.stop()
})

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test.describe('promo goods page', () => {
  test('has the gallery, description and terms tabs, the buy box and the reviews of its goods', async ({ page }) => {
    const promo = (
      (await (await fetch(`${counted.baseURL}/webgate/v1/promotions?pageSize=1`)).json()) as {
        items: Array<{ id: number; slug: string; title: string }>
      }
    ).items[0]!
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: counted.baseURL }])
    await signIn(page, counted.baseURL, ANNA_PHONE)
    await page.goto(`${counted.baseURL}/promo-product/${promo.id}-${promo.slug}`)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: promo.title })).toBeVisible()
    await expect(page.locator('.gallery__image')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Следующее фото' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Описание' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tab', { name: 'Условия акции' }).click()
    await expect(page.getByText('Акция не суммируется с другими предложениями.')).toBeVisible()
    await expect(page.locator('.product-page__actions').getByText(/В корзин/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'В избранное' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Поделиться/ })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Отзывы покупателей' })).toBeVisible()
    // The offer badge stays compact, and the picture covers the gallery box.
    const badge = await page.locator('.promo-page__badge').boundingBox()
    const info = await page.locator('.product-page__info').boundingBox()
    expect(badge!.width).toBeLessThan(info!.width / 2)
    expect(await page.locator('.gallery__image').evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover')
  })

  test('asks an anonymous shopper to sign in before adding it to favorites', async ({ page, stack }) => {
    const promo = (
      (await (await fetch(`${stack.baseURL}/webgate/v1/promotions?pageSize=1`)).json()) as {
        items: Array<{ id: number; slug: string }>
      }
    ).items[0]!
    await page.goto(`/promo-product/${promo.id}-${promo.slug}`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'В избранное' }).click()
    await expect(page.getByRole('dialog')).toContainText('Войдите, чтобы добавлять товары в избранное')
  })
})

test.describe('writing a review', () => {
  test('the seed shopper writes a review with a photo and sees it as theirs, in moderation', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!, ANNA_PHONE)
    await page.goto('/product/10005/reviews')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Написать отзыв' }).click()
    const form = page.getByRole('form', { name: 'Новый отзыв' })
    await form.getByRole('button', { name: 'Отправить отзыв' }).click()
    await expect(form.getByText('Поставьте оценку от 1 до 5')).toBeVisible()
    await expect(form.getByText('Напишите несколько слов о товаре')).toBeVisible()

    await form.locator('label').filter({ hasText: '4 — Хорошо' }).click()
    await form.getByLabel('Достоинства').fill('Приятный запах')
    await form.getByLabel('Недостатки').fill('Маленький объём')
    await form.getByLabel('Комментарий').fill('Пользуюсь месяц, кожа стала мягче.')
    await form.getByLabel('Добавить фото').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG })
    await expect(form.getByRole('img', { name: 'Фото 1: photo.png' })).toBeVisible()
    await form.getByRole('button', { name: 'Отправить отзыв' }).click()

    await expect(page.getByText('Спасибо за отзыв!')).toBeVisible()
    const own = page.locator('.own-review')
    await expect(own.getByRole('heading', { name: 'Ваш отзыв' })).toBeVisible()
    await expect(own.getByText('На модерации')).toBeVisible()
    await expect(own.getByText('Пользуюсь месяц, кожа стала мягче.')).toBeVisible()
    await expect(own.getByText('Приятный запах')).toBeVisible()
    await expect(own.locator('.review__photos img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/)

    // Kept by the mock: still there after a reload.
    await page.reload()
    await expect(page.locator('.own-review').getByText('Пользуюсь месяц, кожа стала мягче.')).toBeVisible()
  })

  test('an anonymous shopper is asked to sign in with the reason', async ({ page }) => {
    await page.goto('/product/10005/reviews')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Войти, чтобы оставить отзыв' }).click()
    await expect(page.getByRole('dialog')).toContainText('Войдите, чтобы оставить отзыв о товаре')
  })
})

const isCollect = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/analytics/collect'

/** Names of the analytics events the page sends (the tracker's fetch transport, which the test can read). */
function collectEvents(page: Page): string[] {
  const names: string[] = []
  page.on('request', (request) => {
    if (!isCollect(request)) return
    const batch = JSON.parse(request.postData() ?? '{"events":[]}') as { events: Array<{ name: string }> }
    names.push(...batch.events.map((event) => event.name))
  })
  return names
}

test.describe('the feedback poll', () => {
  test('a signed-in shopper answers it on a goods page; it stays answered', async ({ page }) => {
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: counted.baseURL }])
    await page.addInitScript(() => {
      navigator.sendBeacon = () => false
    })
    const events = collectEvents(page)
    await signIn(page, counted.baseURL, ANNA_PHONE)
    await page.goto(`${counted.baseURL}/product/10006`)
    await waitForHydration(page)
    const poll = page.getByRole('region', { name: 'Как вам наш сайт?' })
    await expect(poll).toBeVisible()
    await poll.getByRole('button', { name: 'Отправить' }).click()
    await expect(poll.getByText('Ответьте на вопрос «Оцените удобство сайта»')).toBeVisible()
    await poll.locator('label').filter({ hasText: '5 из 5' }).click()
    await poll.getByLabel('Макияж').check()
    await poll.getByLabel('Что нам улучшить?').fill('Больше фото товаров')
    await poll.getByRole('button', { name: 'Отправить' }).click()
    await expect(poll.getByText('Спасибо! Ваши ответы помогут нам стать лучше.')).toBeVisible()
    await expect.poll(() => events).toEqual(expect.arrayContaining(['feedback_view', 'feedback_submit_click']))

    // The mock kept the answers: a second answer is refused.
    const again = await page.request.post(`${counted.baseURL}/webgate/v2/object/feedback`, {
      data: { objectType: 'site', objectId: 'site', pollId: 1, answers: [{ questionId: 1, rating: 3 }] },
      headers: { origin: counted.baseURL },
    })
    expect(again.status()).toBe(409)
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Как вам наш сайт?' })).toHaveCount(0)
  })

  test('closing it sends feedback_close_click and hides it', async ({ page }) => {
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: counted.baseURL }])
    await page.addInitScript(() => {
      navigator.sendBeacon = () => false
    })
    const events = collectEvents(page)
    await signIn(page, counted.baseURL, freshPhone())
    await page.goto(`${counted.baseURL}/product/10007`)
    await waitForHydration(page)
    const poll = page.getByRole('region', { name: 'Как вам наш сайт?' })
    await expect(poll).toBeVisible()
    await poll.getByRole('button', { name: 'Закрыть опрос' }).click()
    await expect(poll).toHaveCount(0)
    await expect.poll(() => events).toEqual(expect.arrayContaining(['feedback_view', 'feedback_close_click']))
  })
})

test.describe('favorites page', () => {
  test('add on a goods page, find it on /favorites from the user menu, remove it there', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, freshPhone())
    await page.goto('/product/10008')
    await waitForHydration(page)
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!
    await page.locator('.product-page__actions').getByRole('button', { name: 'В избранное' }).click()
    await expect(
      page.locator('.product-page__actions').getByRole('button', { name: 'Убрать из избранного' }),
    ).toBeVisible()

    await page.locator('.user-menu__toggle').click()
    await page.getByRole('link', { name: 'Избранное' }).click()
    await expect(page).toHaveURL(/\/favorites$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible()
    const list = page.getByRole('list', { name: 'Избранные товары' })
    const card = list.locator('[data-goods-id="10008"]')
    await expect(card).toContainText(name)
    await card.getByRole('button', { name: 'Убрать из избранного' }).click()
    await expect(page.getByText('В избранном пока пусто')).toBeVisible()
    await page.reload()
    await expect(page.getByText('В избранном пока пусто')).toBeVisible()
  })

  test('brings back a favorite removed by mistake with «Вернуть» on a phone', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await signIn(page, baseURL!, freshPhone())
    const added = await page.request.post(`${baseURL}/webgate/api/v1/goods/add`, {
      data: { goodsId: 10008 },
      headers: { origin: baseURL! },
    })
    expect(added.ok()).toBe(true)
    await page.goto('/favorites')
    await waitForHydration(page)
    const card = page.getByRole('list', { name: 'Избранные товары' }).locator('[data-goods-id="10008"]')
    await card.getByRole('button', { name: 'Убрать из избранного' }).click()
    await expect(page.getByText('В избранном пока пусто')).toBeVisible()
    await page.getByRole('button', { name: 'Вернуть' }).click()
    await expect(card).toBeVisible()
    await page.reload()
    await expect(card).toBeVisible()
  })

  test('a heart on a home rail signs in first, then adds the goods and shows it, after a reload too', async ({
    page,
    baseURL,
  }) => {
    // The rails' cards share one favorites list that only their hearts follow (decision 032). A
    // shopper registered beforehand, with no favorites yet, signs in through the dialog.
    const phone = freshPhone()
    await signIn(page, baseURL!, phone)
    await page.context().clearCookies()
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/')
    await waitForHydration(page)
    const rail = page.locator('section[aria-labelledby="home-specials"]')
    const card = rail.locator('[data-goods-id]').first()
    const goodsId = await card.getAttribute('data-goods-id')
    await card.getByRole('button', { name: 'В избранное' }).click()
    const login = page.getByRole('dialog', { name: /Вход/ })
    await expect(login).toContainText('Войдите, чтобы добавлять товары в избранное')
    await login.getByLabel('Номер телефона').fill(phone.slice(1))
    await login.getByRole('button', { name: 'Получить код' }).click()
    await login.getByLabel('Код из SMS').fill(OTP_CODE)
    await expect(login).toBeHidden()
    await expect(page.getByText('Товар добавлен в избранное')).toBeVisible()
    const pressed = rail.locator(`[data-goods-id="${goodsId}"]`).getByRole('button', { name: 'Убрать из избранного' })
    await expect(pressed).toHaveAttribute('aria-pressed', 'true')
    // The other cards' hearts stay as they were.
    await expect(rail.getByRole('button', { name: 'Убрать из избранного' })).toHaveCount(1)

    await page.reload()
    await waitForHydration(page)
    await expect(pressed).toHaveAttribute('aria-pressed', 'true')
    await expect(rail.getByRole('button', { name: 'В избранное' }).first()).toBeVisible()
  })

  test('an anonymous visitor is asked to sign in', async ({ page }) => {
    await page.goto('/favorites')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Войдите, чтобы продолжить' })).toBeVisible()
    await expect(page.getByRole('dialog')).toContainText('Войдите, чтобы увидеть избранное')
  })
})
