/**
 * What a tap costs (decision 032): the main thread's CPU work of the walkthrough's interactions, from a
 * Chromium trace, at 360 px.
 *
 * Each interaction runs in a fresh browser context (no HTTP cache, a phone's viewport, touch): its page
 * is loaded and hydrated, left to settle (the prefetches of links on screen and the idle work run 1 s
 * after mount), prepared (a dialog opened, a form filled: `setup`), and only then traced: the input is
 * sent through CDP (a tap as touch events, typing as key events, no script of Playwright's in the page),
 * and the trace runs until the interaction is done (`done`, an expression) and `AFTER_MS` more. Every
 * main-thread task from the input until then is measured in CPU time (the trace's `tdur`), which the
 * machine's other work does not stretch; the longest one is the figure, named by what ran in it (the
 * names of scripts/bench/main-thread-trace.mjs: module evaluation, hydration, render, commit, effects,
 * layout, timer, event). The window is wider than "input to next paint": it also holds the work the
 * input causes after its first frame (a fetched answer's render, a navigation's commit), which is what
 * the next tap would wait for. The page's own Event Timing (the longest `event` entry's duration, wall
 * time, as INP counts it) is reported beside it.
 *
 * `INTERACTION_DEBUG=1` also prints, per run, the longest task's trace events by name (style recalc with
 * its element count, layout with its dirty objects, paint, script); `INTERACTION_DEBUG=inv` adds the
 * style and layout invalidations and their causes (Chromium's invalidation tracking, which itself costs
 * so much on a new page that its tasks' times are then not the build's); `INTERACTION_DEBUG=sel` adds
 * Chromium's selector statistics of the task's style recalculations (time, attempts and matches per
 * selector; it slows the task down too); `INTERACTION_DEBUG=tl` lists every task of 1 ms or more in the
 * first second from the input (`INTERACTION_TL_MS` other milliseconds), with its start, wall and CPU
 * time, and their CPU in all (what an interaction costs besides its longest task); `INTERACTION_DEBUG=fn` lists the longest task's CPU
 * samples by function (self and inclusive), source-mapped.
 */
import {
  LISTED_TASK_MS,
  chunkNamer,
  cpuSamples,
  debugFunctions,
  debugTask,
  nameTask,
  newPhoneContext,
  sourceMaps,
  startTracing,
  stopTracing,
} from './main-thread-trace.mjs'

/** The budget of every interaction: no task from the input on over this many ms of CPU (50 ms at 4x). */
export const INTERACTION_BUDGET_MS = 12.5
/** How long the trace runs after the interaction is done. */
const AFTER_MS = 1_200
/** How long a page settles after hydration before it is prepared (prefetch 1 s after mount, in idle time). */
const SETTLE_MS = 2_500

/* global window -- the init script runs in the browser */

const visible = (selector) => `(() => { const e = document.querySelector(${JSON.stringify(selector)}); return !!e && e.getClientRects().length > 0 })()`

/**
 * The walkthrough's interactions: `page` is a page kind of the browser bench (`home`, `category`,
 * `product`, `checkout`, `cart`), `signedIn` the seed shopper's cookies and store, `setup` what is done
 * before the trace, `target` the element tapped (a Playwright locator), `type` text typed after the tap,
 * `done` an expression true once the interaction's answer is on screen, `asksCode` that each run asks
 * the mock for a sign-in code.
 */
export const INTERACTIONS = [
  {
    name: 'show more (category)',
    page: 'category',
    target: (page) => page.getByRole('button', { name: 'Показать ещё' }),
    done: `document.querySelectorAll('[aria-label="Товары"] article').length > 24`,
  },
  {
    name: 'category → product (client navigation)',
    page: 'category',
    target: (page) => page.getByRole('list', { name: 'Товары' }).getByRole('article').first().getByRole('link').first(),
    done: `location.pathname.startsWith('/product/') && !!document.querySelector('h1')`,
  },
  {
    name: 'open the filter sheet (category)',
    page: 'category',
    target: (page) => page.getByRole('button', { name: /^Фильтры/ }),
    done: visible('[aria-label="Фильтры"]'),
  },
  {
    name: 'type «крем» in search (home)',
    page: 'home',
    target: (page) => page.getByRole('combobox', { name: 'Поиск' }),
    type: 'крем',
    done: `document.querySelectorAll('[role="listbox"] [role="option"]').length > 0`,
  },
  {
    name: 'home → category (client navigation)',
    page: 'home',
    target: (page) => page.locator('main a[href^="/catalog/"]').first(),
    done: `location.pathname.startsWith('/catalog/') && !!document.querySelector('h1')`,
  },
  {
    name: 'accept cookies (home)',
    page: 'home',
    target: (page) => page.getByRole('button', { name: 'Принять' }),
    done: `!document.querySelector('[aria-label="Файлы cookie"]')`,
  },
  {
    name: 'open sign-in (home)',
    page: 'home',
    target: (page) => page.getByRole('button', { name: 'Войти' }),
    done: visible('[role="dialog"]'),
  },
  {
    name: 'sign-in code step: type the code',
    page: 'home',
    // Asks the mock for a code in every run (the bench moves the mock's clock past its limit first).
    asksCode: true,
    setup: async (page) => {
      await page.getByRole('button', { name: 'Войти' }).click()
      const dialog = page.getByRole('dialog', { name: 'Вход' })
      await dialog.getByLabel('Номер телефона').fill('9000000001')
      await dialog.getByRole('button', { name: 'Получить код' }).click()
      await dialog.getByLabel('Код из SMS').waitFor({ state: 'visible', timeout: 15_000 })
    },
    target: (page) => page.getByRole('dialog', { name: 'Вход' }).getByLabel('Код из SMS'),
    type: '12345',
    done: `!document.querySelector('[role="dialog"]')`,
  },
  {
    name: 'favorite heart (product, signed out: opens sign-in)',
    page: 'product',
    target: (page) => page.locator('main').getByRole('button', { name: 'В избранное' }).first(),
    done: visible('[role="dialog"]'),
  },
  {
    name: 'product → reviews (client navigation)',
    page: 'product',
    target: (page) => page.locator('main a[href*="/reviews"]').first(),
    done: `location.pathname.endsWith('/reviews') && !!document.querySelector('h1')`,
  },
  {
    // A card's «В корзину» of the first goods not in the cart yet (each run puts one more in the seed cart).
    name: 'add to cart (category card, signed in)',
    page: 'category',
    signedIn: true,
    target: (page) => page.getByRole('list', { name: 'Товары' }).getByRole('button', { name: 'В корзину' }).first(),
    // No mark of its own: the card's answer (a stepper in place of the button) comes within the window.
  },
  {
    name: 'checkout: choose a delivery window',
    page: 'checkout',
    signedIn: true,
    setup: async (page) => {
      await page.getByRole('radio', { name: 'Доставка курьером' }).check()
      const windows = page.getByRole('group', { name: 'Время доставки' }).getByRole('radio')
      await windows.first().waitFor({ state: 'visible', timeout: 15_000 })
      await page.getByText('Сохраняем…').waitFor({ state: 'detached', timeout: 15_000 })
    },
    target: (page) =>
      page
        .getByRole('group', { name: 'Время доставки' })
        .getByRole('radio', { disabled: false, checked: false })
        .first(),
    // A window's radio has the slot id (`2026-11-29T14:00`) as its value.
    done: `[...document.querySelectorAll('input[type="radio"]:checked')].some((e) => /T\\d{2}:\\d{2}$/.test(e.value))`,
  },
  {
    name: 'cart: one more of a line (stepper)',
    page: 'cart',
    signedIn: true,
    target: (page) => page.locator('.cart-line').first().getByRole('button', { name: /Добавить|Увеличить|\+/ }).first(),
  },
]

/** Records one interaction in a fresh context; resolves its analysis, or `{ skipped }` with the reason. */
async function traceOne(browser, interaction, { url, visitor, storeRoot, mapOf, chunkName }) {
  const context = await newPhoneContext(browser, visitor)
  try {
    await context.addInitScript(EVENT_TIMING_SCRIPT)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 })
    await page.waitForTimeout(SETTLE_MS)
    try {
      if (interaction.setup) await interaction.setup(page)
    } catch (error) {
      return { skipped: `setup failed: ${error.message.split('\n')[0]}` }
    }
    const target = interaction.target(page)
    if ((await target.count()) === 0) return { skipped: 'no target on the page' }
    await target.first().scrollIntoViewIfNeeded({ timeout: 10_000 })
    const box = await target.first().boundingBox()
    if (!box) return { skipped: 'the target is not visible' }
    // Quiet before the input: what the setup and the scroll caused is done.
    await page.waitForTimeout(800)
    const cdp = await context.newCDPSession(page)
    const evaluate = async (expression) => (await cdp.send('Runtime.evaluate', { expression })).result.value
    await evaluate('window.__longestEvent = 0')
    await startTracing(cdp)
    // V8's CPU profiler starts at the first script run after the trace starts, in an interrupt of 70-80
    // ms of CPU: that run is this one, not the input's handler.
    await evaluate('0')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    for (const char of interaction.type ?? '') {
      await new Promise((resolve) => setTimeout(resolve, 150))
      await page.keyboard.type(char)
    }
    const deadline = Date.now() + 15_000
    let done = !interaction.done
    while (!done && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      done = Boolean(await evaluate(interaction.done))
    }
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS))
    const longestEvent = await evaluate('window.__longestEvent')
    const events = await stopTracing(cdp)
    const analysis = await analyseInteraction(events, { mapOf, chunkName, storeRoot })
    return { ...analysis, done, event_ms: typeof longestEvent === 'number' ? Math.round(longestEvent) : null }
  } finally {
    await context.close()
  }
}

const INPUT_EVENTS = new Set(['touchstart', 'pointerdown', 'keydown', 'click', 'pointerup', 'touchend'])

/** The renderer main thread that dispatched the input: `{ pid, tid }`. */
function inputThread(events) {
  const names = new Map()
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args.name)
  for (const event of events) {
    if (event.name !== 'EventDispatch' || !INPUT_EVENTS.has(event.args?.data?.type)) continue
    if (names.get(`${event.pid}:${event.tid}`) === 'CrRendererMain') return { pid: event.pid, tid: event.tid, ts: event.ts }
  }
  return undefined
}

/** The longest task from the first input on, in CPU ms, and what it was. */
export async function analyseInteraction(events, { mapOf, chunkName }) {
  const thread = inputThread(events)
  if (!thread) throw new Error('the trace has no input event on a renderer main thread')
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid)
  const start = own
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts <= thread.ts && e.ts + e.dur >= thread.ts)
    .map((e) => e.ts)[0] ?? thread.ts
  const tasks = own.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= start && typeof e.tdur === 'number')
  if (tasks.length === 0) return { longest_ms: 0, kind: '-', detail: '', tasks_over_8ms: 0 }
  const longest = tasks.reduce((max, task) => (task.tdur > max.tdur ? task : max))
  const samples = cpuSamples(events, thread)
  const children = own.filter((c) => c.ph === 'X' && c.name !== 'RunTask' && c.ts >= longest.ts && c.ts < longest.ts + longest.dur)
  const { kind, detail } = await nameTask(longest, children, samples, mapOf, chunkName, undefined)
  if (process.env.INTERACTION_DEBUG) debugTask(longest, children, own, start)
  if (process.env.INTERACTION_DEBUG === 'fn') await debugFunctions(longest, samples, mapOf, chunkName)
  // `INTERACTION_DEBUG=tl`: the main thread's tasks of a millisecond or more from the input on, with
  // their start, wall and CPU time, to see what the Event Timing duration (input to next paint) waited for.
  if (process.env.INTERACTION_DEBUG === 'tl') {
    const span = Number(process.env.INTERACTION_TL_MS ?? 1_000) * 1_000
    const listed = tasks.filter((t) => t.dur >= 1_000 && t.ts - start < span)
    for (const task of listed) {
      const inner = own.filter((c) => c.ph === 'X' && c.name !== 'RunTask' && c.ts >= task.ts && c.ts < task.ts + task.dur)
      const names = [...new Set(inner.sort((a, b) => b.dur - a.dur).slice(0, 4).map((c) => c.name))].join(', ')
      console.error(`    +${round((task.ts - start) / 1000)} ms: ${round(task.dur / 1000)} ms wall, ${round(task.tdur / 1000)} ms CPU (${names})`)
    }
    console.error(`    ${listed.length} tasks, ${round(listed.reduce((sum, t) => sum + t.tdur, 0) / 1000)} ms CPU in all`)
  }
  return {
    longest_ms: round(longest.tdur / 1000),
    at_ms: round((longest.ts - start) / 1000),
    kind: kind === 'hydration' ? 'render' : kind,
    detail,
    tasks_over_8ms: tasks.filter((task) => task.tdur / 1000 > LISTED_TASK_MS).length,
  }
}

const round = (value) => Math.round(value * 10) / 10
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

/**
 * Traces each interaction `runs` times. `pages` maps a page kind to its URL; `visitor` is the signed-in
 * shopper (`{ cookies, storage }`); `beforeRun(interaction)` is awaited before each run. Resolves per
 * interaction the median longest task, the runs, and what the median run's longest task was.
 */
export async function traceInteractions(
  browser,
  { pages, visitor, storeRoot, runs = 3, only, beforeRun = async () => {}, log = () => {} },
) {
  const mapOf = sourceMaps(storeRoot)
  const chunkName = await chunkNamer(storeRoot)
  const results = []
  for (const interaction of INTERACTIONS) {
    if (only && !only.some((word) => interaction.name.includes(word))) continue
    const url = pages[interaction.page]
    if (!url) continue
    const samples = []
    let skipped
    for (let run = 0; run < runs; run++) {
      await beforeRun(interaction)
      const result = await traceOne(browser, interaction, {
        url,
        visitor: interaction.signedIn ? visitor : undefined,
        storeRoot,
        mapOf,
        chunkName,
      })
      if (result.skipped) {
        skipped = result.skipped
        log(`interaction ${interaction.name} run ${run + 1}/${runs}: skipped (${result.skipped})`)
        break
      }
      log(
        `interaction ${interaction.name} run ${run + 1}/${runs}: longest ${result.longest_ms} ms (${result.kind}${result.detail ? `: ${result.detail}` : ''}), event ${result.event_ms} ms${result.done ? '' : ', not done'}`,
      )
      samples.push(result)
    }
    if (samples.length === 0) {
      results.push({ name: interaction.name, page: interaction.page, skipped })
      continue
    }
    const mid = median(samples.map((s) => s.longest_ms))
    const chosen = samples.find((s) => s.longest_ms === mid)
    results.push({
      name: interaction.name,
      page: interaction.page,
      longest_ms: mid,
      longest_runs: samples.map((s) => s.longest_ms),
      kind: chosen.kind,
      detail: chosen.detail,
      event_ms: median(samples.map((s) => s.event_ms ?? 0)),
      done: samples.every((s) => s.done),
    })
  }
  return results
}

/** Keeps the longest Event Timing duration of the page (INP's measure) in `window.__longestEvent`. */
const EVENT_TIMING_SCRIPT = () => {
  window.__longestEvent = 0
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.interactionId) window.__longestEvent = Math.max(window.__longestEvent, entry.duration)
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  } catch {
    // No Event Timing: the figure stays 0.
  }
}
