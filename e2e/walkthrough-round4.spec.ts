/**
 * The shopper walkthrough's round 4 (../shared/review/shopper-walkthrough.md): the rough ones UX4-08…23
 * and the half-fixes UX3-15, 18, 19, 34, 35, 38, each checked at the width it was seen (360 px phone
 * with touch, or 1440 px). Each test failed on the build before its fix.
 */
import type { Page } from '@playwright/test'
import { test as base, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'
import { placePickupOrder } from './fixtures/checkout-page.ts'
import { ANNA_PHONE, ensureInCart, keepStore, signIn } from './fixtures/ecom-shopper.ts'
import { makeOrdersReady, placePickupOrder as placeGatewayPickupOrder } from './fixtures/pickup-order.ts'
import { CourierForm } from './fixtures/courier-form.ts'
import { StorePickerPage } from './fixtures/store-picker.ts'

/** This file's own store: a test moves the gateway's clock, and faults are switched on. */
const test = base.extend<Record<never, never>, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const stack = await startStack()
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker' },
  ],
})

const CATEGORY = '/catalog/4-ukhod-za-volosami'
const PRODUCT = '/product/10019-krem-dlya-litsa-dnevnoy-antivozrast-zhemchuzhina'
/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

/** How many lines the text of an element takes (its text nodes' line boxes, by their tops). */
function lineCount(page: Page, selector: string, index = 0): Promise<number> {
  return page
    .locator(selector)
    .nth(index)
    .evaluate((element) => {
      const tops = new Set<number>()
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top))
      }
      return tops.size
    })
}

/** The clock times a text says more than once («Ежедневно 10:00–22:00 · Открыто до 22:00» gives 22:00). */
function repeatedTimes(text: string): string[] {
  const times: string[] = text.match(/\d\d:\d\d/g) ?? []
  return times.filter((time, index) => times.indexOf(time) !== index)
}

/** Whether a field's text (its selected option, or its placeholder) fits its content box. */
function textFits(page: Page, selector: string): Promise<{ text: string; width: number; room: number }> {
  return page.locator(selector).evaluate((field) => {
    const style = getComputedStyle(field)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const text =
      field instanceof HTMLSelectElement
        ? field.options[field.selectedIndex]!.text
        : (field as HTMLInputElement).placeholder
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return { text, width: context.measureText(text).width, room }
  })
}

test.describe('a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

  test('UX4-08: a product rail shows a peek of its third card', async ({ page }) => {
    await page.goto('/')
    const rail = page
      .locator('.home .product-rail')
      .filter({ has: page.locator('.product-card') })
      .first()
    await rail.scrollIntoViewIfNeeded()
    const third = (await rail.locator(':scope > li').nth(2).boundingBox())!
    expect(third.x).toBeLessThanOrEqual(360 - 24)
  })

  test('UX4-09: the ticker is one short strip, no «₽» alone on a line', async ({ page }) => {
    await page.goto('/')
    const ticker = page.locator('.ticker')
    expect((await ticker.boundingBox())!.height).toBeLessThanOrEqual(56)
    const alone = await page.locator('.ticker__item').evaluateAll((items) =>
      items.flatMap((item) => {
        const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT)
        const found: string[] = []
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? ''
          const at = text.indexOf('₽')
          if (at < 1) continue
          // The sign and the digit before it: one line box, or the sign went alone.
          const range = document.createRange()
          range.setStart(node, text.slice(0, at).search(/\d\s*$/))
          range.setEnd(node, at + 1)
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) found.push(text)
        }
        return found
      }),
    )
    expect(alone).toEqual([])
  })

  test('UX4-20: half-way down a product the search, catalogue and toolbar stay on screen', async ({ page }) => {
    await page.goto(PRODUCT)
    await waitForHydration(page)
    await page.mouse.wheel(0, 1500)
    await page.waitForFunction(() => window.scrollY > 1000)
    for (const target of [
      page.getByRole('combobox', { name: 'Поиск' }),
      page.getByRole('link', { name: 'Каталог' }).first(),
    ]) {
      const box = (await target.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height).toBeLessThanOrEqual(780)
    }
    // What stays is the short second row, not the whole toolbar.
    const toolbar = (await page.locator('.toolbar').boundingBox())!
    expect(toolbar.y + toolbar.height).toBeLessThanOrEqual(64)
  })

  test('UX3-15 and UX4-14: a category shows its count and its first card within 300 px', async ({ page }) => {
    await page.goto(CATEGORY)
    await expect(page.getByText(/^Найдено \d+ товар/)).toBeVisible()
    const card = (await page.locator('.product-grid--list > li').first().boundingBox())!
    expect(card.y).toBeLessThanOrEqual(300)
  })

  test('UX4-13: nothing shows under the filter sheet’s foot, and the sort keeps its words with filters on', async ({
    page,
  }) => {
    await page.goto(`${CATEGORY}?inStock=1&discounted=1`)
    await waitForHydration(page)
    const sort = await textFits(page, '.goods-list__sort select')
    expect(sort.width, `«${sort.text}»`).toBeLessThanOrEqual(sort.room)
    await page.locator('.filters__toggle').click()
    const foot = (await page.locator('.filters__foot').boundingBox())!
    expect(foot.y + foot.height).toBeGreaterThanOrEqual(780 - 1)
  })

  test('UX3-34: a card shows its badges whole or not at all', async ({ page }) => {
    await page.goto(CATEGORY)
    const cut = await page.locator('.product-card__badges').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const box = row.getBoundingClientRect()
        return [...row.children]
          .map((badge) => badge.getBoundingClientRect())
          .filter(
            (b) => b.width > 0 && b.top < box.bottom && (b.right > box.right + 0.5 || b.bottom > box.bottom + 0.5),
          )
          .map(() => row.textContent)
      }),
    )
    expect(cut).toEqual([])
  })

  test('UX3-38: the product tabs fit the phone; the volume is not alone under the buy box', async ({ page }) => {
    await page.goto(PRODUCT)
    const tabs = page.locator('.product-page__tabs [role="tab"]')
    await expect(tabs).toHaveCount(4)
    for (const box of await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(360)
    await expect(page.locator('.product-page__info > .product-page__volume')).toHaveCount(0)
  })

  test('UX4-11: «Где купить сегодня» keeps its heading on a line, pins by their addresses, buttons aligned', async ({
    page,
  }) => {
    await page.goto(PRODUCT)
    await waitForHydration(page)
    const section = page.locator('.where-to-buy')
    for (let step = 0; step < 10 && !(await section.count()); step++) await page.mouse.wheel(0, 600)
    await expect(section.locator('.where-to-buy__store').first()).toBeVisible()
    expect(await lineCount(page, '.where-to-buy .section__title')).toBe(1)
    const rights = await section
      .getByRole('button', { name: /^Выбрать этот магазин/ })
      .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().right)))
    expect(rights.length).toBeGreaterThan(1)
    expect(new Set(rights).size).toBe(1)
    const pins = await section.locator('.store-card__address').evaluateAll((rows) =>
      rows.map((row) => {
        const pin = row.querySelector('.store-card__icon')!.getBoundingClientRect()
        const range = document.createRange()
        const text = [...row.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!
        range.selectNodeContents(text)
        return Math.abs(range.getClientRects()[0]!.top - pin.top)
      }),
    )
    expect(Math.max(...pins)).toBeLessThanOrEqual(8)
    // With no store chosen and no point, it says what the list is near and offers to choose a store.
    await expect(section.locator('.where-to-buy__origin')).toContainText(
      /^Магазины в городе [А-ЯЁ][а-яё-]+\. Выберите свой магазин — покажем, как далеко до остальных\./,
    )
    await section.getByRole('button', { name: 'Выбрать магазин', exact: true }).click()
    await expect(new StorePickerPage(page).dialog).toBeVisible()
  })

  test('UX3-19: goods suggestions keep their brand and show their volume', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const box = page.getByRole('combobox', { name: 'Поиск' })
    await box.fill('шампунь бессульфатный')
    const options = page.locator('.suggest__option--suggestion')
    await expect(options.first()).toBeVisible()
    await expect(options.first().locator('.suggest__volume')).toHaveText(/\d+ мл/)
    const clamped = await options
      .locator('.suggest__text')
      .evaluateAll((texts) =>
        texts.filter((text) => text.scrollHeight > text.clientHeight + 1).map((text) => text.textContent),
      )
    expect(clamped).toEqual([])
  })

  test('UX3-18: search results offer their categories as chips that narrow the list', async ({ page }) => {
    await page.goto('/search?q=крем')
    const found = async () => Number((await page.getByText(/^Найдено \d+ товар/).innerText()).match(/\d+/)![0])
    const all = await found()
    const chips = page.getByRole('navigation', { name: 'Категории найденных товаров' }).getByRole('link')
    expect(await chips.count()).toBeGreaterThan(2)
    await expect(chips.first()).toHaveText('Все')
    await expect(chips.first()).toHaveAttribute('aria-current', 'page')
    const name = await chips.nth(1).innerText()
    await chips.nth(1).click()
    await expect(page).toHaveURL(/[?&]category=\d+/)
    await expect(chips.filter({ hasText: name })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('«крем»')
    await expect.poll(found).toBeLessThan(all)
    // The chips still come from the whole search, so another category is one tap away.
    expect(await chips.count()).toBeGreaterThan(2)
    await chips.first().click()
    await expect.poll(found).toBe(all)
  })

  test('UX4-21: the store picker says it switched the city, and counts in words', async ({ page }) => {
    await page.goto('/')
    const picker = new StorePickerPage(page)
    await picker.open()
    await picker.city.selectOption({ label: 'Москва' })
    await expect(picker.dialog.getByText(/^Москва: \d+ магазин/)).toBeVisible()
    await picker.city.selectOption({ label: 'Казань' })
    await expect(picker.cards.first()).toContainText('Казань')
    await picker.search.fill('Тверская')
    await expect(picker.city.locator('option:checked')).toHaveText('Москва')
    await expect(
      picker.dialog.getByText(
        /^В городе Казань по запросу «Тверская» магазинов нет\. Нашли в городе Москва: 1 магазин$/,
      ),
    ).toBeVisible()
  })

  test('UX4-22: poll answers and the footer’s legal links are big enough to tap', async ({ page, stack }) => {
    // The site poll asks signed-in shoppers only.
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await page.goto(PRODUCT)
    const poll = page.locator('.feedback-poll')
    await poll.scrollIntoViewIfNeeded()
    const boxes = poll.locator('.feedback-poll__option input')
    await expect(boxes.first()).toBeVisible()
    for (const size of await boxes.evaluateAll((all) => all.map((input) => input.getBoundingClientRect().width)))
      expect(size).toBeGreaterThanOrEqual(20)
    for (const height of await page
      .locator('.site-footer__legal a')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height)))
      expect(height).toBeGreaterThanOrEqual(44)
  })

  test.describe('as a bot-free person', () => {
    test.use({ userAgent: PERSON_UA })

    test('UX4-19: a missing product says it may be gone, and the search hint fits', async ({ page }) => {
      const answer = await page.goto('/product/99999999-net-takogo')
      expect(answer!.status()).toBe(404)
      await expect(page.getByText('Возможно, этот товар больше не продаётся.', { exact: false })).toBeVisible()
      const field = await textFits(page, '.error-view__search input')
      expect(field.width, `«${field.text}»`).toBeLessThanOrEqual(field.room)
    })

    test('UX4-18: a goods outage offers the home page that still works', async ({ page, stack }) => {
      await stack.fault({ path: '/webgate/v2/goods/*', status: 503 })
      try {
        // A product no other test opened: the store keeps a recent answer for a while.
        await page.goto('/product/10041')
        await expect(page.getByRole('heading', { name: 'Сайт временно не работает' })).toBeVisible()
        await expect(page.getByRole('link', { name: 'На главную', exact: true })).toBeVisible()
      } finally {
        await stack.clearFaults()
      }
    })
  })

  test('UX4-10 and UX4-12: no dangling comma, an unbroken volume, and a refusal that explains', async ({
    page,
    stack,
  }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await keepStore(page)
    await page.goto('/product/10030')
    await waitForHydration(page)
    await ensureInCart(page, 10030)
    await page.goto('/ecom/cart')
    const name = page.locator('.cart-line__name').first()
    await expect(name).toBeVisible()
    await expect(page.locator('.cart-line__volume').first()).toHaveText(/\d+ мл/)
    // What the screen shows: the name's own line ends with a word, not a comma. The comma a screen reader
    // reads between name and volume is there, inline and of no size.
    const shown = await name.evaluate((box) =>
      [...box.childNodes]
        .filter((node) => !(node instanceof Element && node.classList.contains('cart-line__comma')))
        .map((node) => node.textContent)
        .join(''),
    )
    expect(shown).not.toMatch(/,\s*$/)
    expect(await name.locator('.cart-line__comma').evaluate((comma) => comma.getBoundingClientRect().width)).toBe(0)

    await placePickupOrder(page, stack.baseURL)
    // The store's hours once, with its state now beside them: no time said twice.
    const hours = page.locator('.order__pickup li').filter({ hasText: /\d\d:\d\d–/ })
    await expect(hours).toBeVisible()
    expect(repeatedTimes(await hours.innerText())).toEqual([])
    const volume = page.locator('.order-line__volume').first()
    await expect(volume).toHaveText(/\d+ мл/)
    expect(await lineCount(page, '.order-line__volume')).toBe(1)

    await page.getByRole('button', { name: 'Отменить заказ' }).click()
    const dialog = page.getByRole('dialog', { name: /^Отменить заказ AU-\d+\?$/ })
    await stack.fault({ path: '/webgate/v1/orders/*/cancel', status: 409 })
    try {
      await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
      const toast = page.locator('.toast').filter({ hasText: 'Этот заказ уже нельзя отменить' })
      await expect(toast).toBeVisible()
      expect((await toast.innerText()).match(/Этот заказ уже нельзя отменить/g)).toHaveLength(1)
    } finally {
      await stack.clearFaults()
    }
  })

  test('UX4-12: a ready pickup order names its store once, and the route is one whole line', async ({
    page,
    stack,
  }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    const { order } = await placeGatewayPickupOrder(page, stack)
    await makeOrdersReady(stack)
    await page.goto(`/ecom/orders/${order.id}`)
    const pass = page.getByRole('region', { name: 'Заказ готов к выдаче' })
    await expect(pass).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Магазин самовывоза' })).toHaveCount(0)
    const hours = pass.locator('dt', { hasText: 'Часы работы' }).locator('xpath=following-sibling::dd')
    await expect(hours).toContainText(/\d\d:\d\d–/)
    expect(repeatedTimes(await hours.innerText())).toEqual([])
    const route = pass.getByRole('link', { name: /Маршрут в Яндекс Картах/ })
    await expect(route).toBeVisible()
    expect((await route.boundingBox())!.height).toBeLessThanOrEqual(52)
    // Whole, not «Маршрут в Яндекс К…» (round 5); on a narrower phone it wraps rather than being cut.
    const whole = () => route.locator('.btn__label').evaluate((label) => label.scrollWidth <= label.clientWidth)
    expect(await whole()).toBe(true)
    await page.setViewportSize({ width: 320, height: 780 })
    expect(await whole()).toBe(true)
    const [routeBox, passBox] = [(await route.boundingBox())!, (await pass.boundingBox())!]
    expect(routeBox.x + routeBox.width).toBeLessThanOrEqual(passBox.x + passBox.width)
  })

  test('UX4-16: courier days say «сегодня»/«завтра», and the street list stays shut for the house', async ({
    page,
    stack,
  }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await keepStore(page)
    await page.goto('/product/10030')
    await waitForHydration(page)
    await ensureInCart(page, 10030)
    await page.goto('/ecom/checkout')
    const courier = new CourierForm(page)
    await courier.choose()
    await courier.pickSuggestion('Тверск', /ул\. Тверская\s+Москва/)
    await expect(courier.street).toHaveValue('ул. Тверская, д. ')
    await courier.street.pressSequentially('7')
    await page.waitForTimeout(800)
    await expect(courier.suggestions).toBeHidden()
    const days = await courier.slots.locator('.courier__day-title').allInnerTexts()
    expect(days.length).toBeGreaterThan(1)
    expect(days.some((day) => /^(сегодня|завтра), (пн|вт|ср|чт|пт|сб|вс), \d{1,2} [а-я]+$/.test(day))).toBe(true)
    expect(days.every((day) => /(пн|вт|ср|чт|пт|сб|вс), \d{1,2} [а-я]+$/.test(day))).toBe(true)
  })
})

test.describe('a wide screen (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('UX4-09: no line of the ticker starts with a stray separator', async ({ page }) => {
    await page.goto('/')
    const starts = await page
      .locator('.ticker__item')
      .evaluateAll((items) =>
        items
          .filter(
            (item, index) =>
              index === 0 || item.getBoundingClientRect().top > items[index - 1]!.getBoundingClientRect().top,
          )
          .map((item) => getComputedStyle(item, '::before').content),
      )
    expect(starts.length).toBeGreaterThan(1)
    expect(new Set(starts).size).toBe(1)
  })

  test('UX4-15: the price placeholders fit the filter column', async ({ page }) => {
    await page.goto('/catalog/11-kremy-dlya-litsa')
    for (const name of ['priceMin', 'priceMax']) {
      const field = await textFits(page, `.filters input[name="${name}"]`)
      expect(field.width, `«${field.text}»`).toBeLessThanOrEqual(field.room)
    }
  })

  test('UX4-17: the bare search does not shift when «Вы смотрели» arrives', async ({ page }) => {
    await page.goto(PRODUCT)
    await page.waitForFunction(() => localStorage.getItem('recent.goods'))
    await page.goto('/search')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Вы смотрели' })).toBeVisible()
    await page.waitForTimeout(1000)
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) sum += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(sum), 300)
        }),
    )
    expect(shift).toBeLessThan(0.01)
  })

  test('UX3-35: «Показать ещё» sits under the rail’s five cards, not in a column of its own', async ({ page }) => {
    await page.goto('/')
    const rail = page
      .locator('.home .product-rail')
      .filter({ has: page.locator('.product-rail__more') })
      .first()
    const firstCard = (await rail.locator(':scope > li').first().boundingBox())!
    const more = (await rail.locator('.product-rail__more').boundingBox())!
    expect(more.y).toBeGreaterThanOrEqual(firstCard.y + firstCard.height)
  })

  test('UX3-38: the volume is not repeated alone under the buy box', async ({ page }) => {
    await page.goto(PRODUCT)
    await expect(page.locator('.product-page__title')).toContainText('50 мл')
    await expect(page.locator('.product-page__info').getByText('50 мл', { exact: true })).toHaveCount(0)
  })

  test('UX4-23: promotion titles read without a wrong case, and quotes nest', async ({ page }) => {
    await page.goto('/promo-catalog')
    const titles = await page.locator('.product-card__name').allInnerTexts()
    expect(titles.length).toBeGreaterThan(0)
    expect(titles.filter((title) => /(на|за) \p{Lu}/u.test(title))).toEqual([])
    const withGoods = page.locator('.product-card a[href^="/promo-product/"]').first()
    await withGoods.click()
    const link = page.getByRole('link', { name: /^Всё о товаре/ })
    if (await link.count()) await expect(link).not.toHaveText(/«[^»]*«/)
  })
})
