/**
 * The main thread's CPU work after first paint, from a Chromium trace (DESIGN.md section 5, "Browser").
 *
 * Each page is loaded cold (a fresh browser context: no HTTP cache, no cookies, no storage) at 360 px
 * while CDP Tracing records the devtools timeline and V8's CPU samples. The renderer's main thread is
 * cut into its tasks (`RunTask`); every task that starts after first (contentful) paint is measured in CPU time (the
 * trace's thread duration, `tdur`), which the machine's other work does not stretch the way it
 * stretches wall time. A task over 8 ms is named by what ran in it: the module evaluation of a chunk,
 * hydration or another React render, effects, a commit, a timer, an idle callback, layout, GC; the
 * CPU samples, mapped through the build's source maps, name the source files that took its time.
 * Per page the median of the runs' longest tasks is the figure the budget checks. TRACE_SAVE=<dir> keeps
 * each raw trace there (open it in Chromium's DevTools, Performance panel).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'

/* global document, MutationObserver -- HYDRATION_MARK_SCRIPT runs in the browser */

/** The budget: no task after first paint over this many ms of CPU (50 ms at 4x throttling). */
export const TASK_BUDGET_MS = 12.5
/** Tasks over this are listed and named (the budget of a phone 6.4x slower than this machine). */
export const LISTED_TASK_MS = 8
/** How long a load is traced after the page is interactive: links prefetch 1 s after mount, in idle time. */
const SETTLE_MS = 3_000

export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
]

/**
 * The peer's goods pictures (`/img/goods/{id}.jpg`) are not served by the peer bench: they answer 404,
 * so its page paints no image at all. For a like-for-like trace they are fetched from `origin`'s
 * goods pictures of the same ids (the mock's, through our store), the ones our page paints.
 */
async function routePeerImages(context, origin) {
  await context.route('**/img/goods/*.jpg', (route) => {
    const id = /\/img\/goods\/(\d+)\.jpg$/.exec(new URL(route.request().url()).pathname)?.[1]
    return id ? route.continue({ url: `${origin}/webgate/media/goods/${id}-1.svg` }) : route.continue()
  })
}

/**
 * A fresh phone context as the traces use it (360 × 780, 2×, touch, Russian), with a signed-in
 * `visitor`'s cookies and local storage when one is given.
 */
export async function newPhoneContext(browser, visitor) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  })
  if (visitor) {
    await context.addCookies(visitor.cookies)
    await context.addInitScript((items) => {
      if (localStorage.getItem('shop.code')) return
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value)
    }, visitor.storage)
  }
  return context
}

/** Records one cold load of `url`; resolves the trace's events. */
async function traceLoad(browser, url, ready, imagesFrom) {
  const context = await newPhoneContext(browser)
  try {
    await context.addInitScript(HYDRATION_MARK_SCRIPT)
    if (imagesFrom) await routePeerImages(context, imagesFrom)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await startTracing(cdp)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    // Waiting through CDP, not Playwright's locators: their script, evaluated in the page, would be a
    // task of its own on the main thread.
    const deadline = Date.now() + 60_000
    const evaluate = async (expression) => (await cdp.send('Runtime.evaluate', { expression })).result.value
    while (ready && !(await evaluate(ready))) {
      if (Date.now() > deadline) throw new Error(`${url} was not ready within 60 s (${ready})`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    return await stopTracing(cdp)
  } finally {
    await context.close()
  }
}

/**
 * Trace categories of the debug modes (`INTERACTION_DEBUG`): `inv` records style and layout
 * invalidations with their causes, `sel` Chromium's selector statistics (time, match attempts and
 * matches per selector in each style recalculation), `fn` V8's parsing and compiling. The first two cost so much that the tasks' times of such a
 * trace are not the build's; read them for causes only.
 */
const DEBUG_CATEGORIES = {
  inv: ['disabled-by-default-devtools.timeline.invalidationTracking'],
  sel: ['disabled-by-default-blink.debug'],
  fn: ['v8.compile', 'disabled-by-default-v8.compile'],
}

/** Starts a CDP trace of the timeline and V8's CPU samples on `cdp` (a page's session). */
export async function startTracing(cdp) {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: [...CATEGORIES, ...(DEBUG_CATEGORIES[process.env.INTERACTION_DEBUG] ?? [])] },
  })
}

/** Ends the trace of `startTracing`; resolves its events (kept in TRACE_SAVE when set). */
export async function stopTracing(cdp) {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  const { stream } = await done
  let text = ''
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 })
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data
    if (chunk.eof) break
  }
  await cdp.send('IO.close', { handle: stream })
  if (process.env.TRACE_SAVE) await mkdir(process.env.TRACE_SAVE, { recursive: true })
  if (process.env.TRACE_SAVE) await writeFile(join(process.env.TRACE_SAVE, `${Date.now()}.json`), text)
  const parsed = JSON.parse(text)
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

/** Source maps of the built chunks (`dist/client/assets/*.js.map`), read once per file. */
export function sourceMaps(storeRoot) {
  const maps = new Map()
  return async (url) => {
    if (!storeRoot || !url) return undefined
    const path = new URL(url).pathname
    if (!path.startsWith('/assets/') || !path.endsWith('.js')) return undefined
    if (!maps.has(path)) {
      const file = join(storeRoot, 'dist/client', `${path}.map`)
      maps.set(path, existsSync(file) ? new TraceMap(await readFile(file, 'utf8')) : undefined)
    }
    return maps.get(path)
  }
}

/** The renderer main thread that parsed the page's HTML: `{ pid, tid }`. */
export function mainThread(events, origin) {
  const names = new Map()
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args.name)
  for (const event of events) {
    if (event.name !== 'ParseHTML' || !String(event.args?.beginData?.url ?? '').startsWith(origin)) continue
    if (names.get(`${event.pid}:${event.tid}`) === 'CrRendererMain') return { pid: event.pid, tid: event.tid }
  }
  throw new Error(`no renderer main thread parsed a page of ${origin}`)
}

/** The CPU samples of that thread: `[{ ts, frames }]`, frames leaf first. */
export function cpuSamples(events, { pid, tid }) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)
  if (!profile) return []
  const nodes = new Map()
  const samples = []
  let ts = profile.args.data.startTime
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || event.id !== profile.id) continue
    const data = event.args.data
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    const deltas = data.timeDeltas ?? []
    ;(data.cpuProfile?.samples ?? []).forEach((id, index) => {
      ts += deltas[index] ?? 0
      samples.push({ ts, node: id })
    })
  }
  return samples.map(({ ts, node }) => {
    const frames = []
    for (let current = nodes.get(node); current; current = nodes.get(current.parent)) frames.push(current.callFrame)
    return { ts, frames }
  })
}

const REACT_PHASES = [
  [/commitPassiveMount|flushPassiveEffects|commitHookEffectList(Mount|Unmount)|commitPassiveUnmount/, 'effects'],
  [/commitRoot|commitMutationEffects|commitLayoutEffects|commitAttachRef/, 'commit'],
  [/performUnitOfWork|beginWork|completeWork|workLoop|renderRoot|hydrat/i, 'render'],
]
const LAYOUT = /^(Layout|UpdateLayoutTree|RecalculateStyles|PrePaint|Paint|Layerize|HitTest|IntersectionObserverController::computeIntersections|UpdateLayer)$/
const GC = /GC|Heap|Sweep|Mark/

/** A sampled frame's place in the sources (through the build's source maps), or its chunk's name. */
async function sourceOf(frame, mapOf, chunkName) {
  const map = await mapOf(frame.url)
  const original = map
    ? originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) })
    : undefined
  const source = original?.source
    ? original.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '')
    : chunkName(frame.url)
  return { source, original }
}

/** Names one task: what ran in it, from its trace events and the CPU samples inside it. */
export async function nameTask(task, children, samples, mapOf, chunkName, hydratedAt) {
  const sum = new Map()
  const add = (key, ms) => sum.set(key, (sum.get(key) ?? 0) + ms)
  for (const child of children) {
    const ms = (child.dur ?? 0) / 1000
    if (child.name === 'v8.evaluateModule' || child.name === 'EvaluateScript') add('module evaluation', ms)
    else if (LAYOUT.test(child.name)) add('layout', ms)
    else if (GC.test(child.name) && child.cat?.includes('gc')) add('GC', ms)
    else if (child.name === 'TimerFire') add('timer', ms)
    else if (child.name === 'FireIdleCallback') add('idle callback', ms)
    else if (child.name === 'FireAnimationFrame') add('animation frame', ms)
    else if (child.name === 'EventDispatch') add(`event ${child.args?.data?.type ?? ''}`.trim(), ms)
    else if (child.name === 'ParseHTML') add('HTML parse', ms)
  }
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur)
  const sources = new Map()
  const phases = new Map()
  const chunks = new Map()
  for (const sample of inside) {
    const seen = new Set()
    for (const frame of sample.frames) {
      if (!frame.url?.startsWith('http')) continue
      const { source, original } = await sourceOf(frame, mapOf, chunkName)
      const name = original?.name ?? frame.functionName
      for (const [pattern, phase] of REACT_PHASES)
        if (source.startsWith('react-dom') && pattern.test(name ?? '') && !phases.has(`${sample.ts}`)) {
          phases.set(`${sample.ts}`, phase)
          break
        }
      if (seen.has(source)) continue
      seen.add(source)
      sources.set(source, (sources.get(source) ?? 0) + 1)
    }
    const bottom = [...sample.frames].reverse().find((frame) => frame.url?.startsWith('http'))
    if (bottom) chunks.set(chunkName(bottom.url), (chunks.get(chunkName(bottom.url)) ?? 0) + 1)
  }
  const phaseCount = new Map()
  for (const phase of phases.values()) phaseCount.set(phase, (phaseCount.get(phase) ?? 0) + 1)
  const [topEvent, topMs = 0] = [...sum].sort((a, b) => b[1] - a[1])[0] ?? []
  const [topPhase, phaseSamples = 0] = [...phaseCount].sort((a, b) => b[1] - a[1])[0] ?? []
  const topChunk = [...chunks].sort((a, b) => b[1] - a[1])[0]?.[0]
  let kind
  if (topEvent === 'module evaluation' && topMs > task.dur / 2000) kind = `module evaluation of ${topChunk ?? '?'}`
  else if (topPhase && phaseSamples >= inside.length / 3)
    kind = topPhase === 'render' ? (hydratedAt === undefined || task.ts < hydratedAt ? 'hydration' : 'render') : topPhase
  else kind = topEvent ?? 'other'
  const total = Math.max(1, inside.length)
  const top = [...sources]
    .filter(([source]) => !/^react-dom|^scheduler|^react\//.test(source))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([source, count]) => `${source} ${Math.round((100 * count) / total)}%`)
  return { kind, detail: top.join(', ') }
}

/** Analyses one trace: the tasks after first paint on the page's main thread, in CPU ms. */
export async function analyseTrace(events, { origin, mapOf, chunkName }) {
  const thread = mainThread(events, origin)
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid)
  // First contentful paint, as Total Blocking Time counts: Chromium's `firstPaint` can be the blank
  // page before the body arrived (10 layout objects), and the page's first whole layout then counted.
  const paint = own.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0]
  if (!paint) throw new Error('the trace has no first contentful paint')
  const hydrated = own.find((e) => e.name === 'hydrated' && e.cat?.includes('user_timing'))
  const tasks = own
    .filter((e) => e.ph === 'X' && e.name === 'RunTask')
    .filter((e) => e.ts >= paint.ts && typeof e.tdur === 'number')
    .sort((a, b) => a.ts - b.ts)
  const samples = cpuSamples(events, thread)
  const children = own.filter((e) => e.ph === 'X' && e.name !== 'RunTask')
  const listed = []
  for (const task of tasks) {
    const cpu = task.tdur / 1000
    if (cpu <= LISTED_TASK_MS) continue
    const inner = children.filter((c) => c.ts >= task.ts && c.ts < task.ts + task.dur)
    const { kind, detail } = await nameTask(task, inner, samples, mapOf, chunkName, hydrated?.ts)
    if (process.env.INTERACTION_DEBUG) debugTask(task, inner, own, paint.ts)
    listed.push({ at_ms: round((task.ts - paint.ts) / 1000), cpu_ms: round(cpu), wall_ms: round(task.dur / 1000), kind, detail })
  }
  const longest = tasks.reduce((max, task) => Math.max(max, task.tdur / 1000), 0)
  return { longest_ms: round(longest), tasks_over_8ms: listed.length, tasks: listed, task_count: tasks.length }
}

const round = (value) => Math.round(value * 10) / 10

/**
 * `INTERACTION_DEBUG`: prints a task's trace events by name (style recalc with its element count, layout
 * with its dirty objects) and, with the invalidation tracking category on (`inv`), the style and layout
 * invalidations recorded from `since` to the task's end, grouped by cause.
 */
export function debugTask(task, inner, own, since) {
  const byName = new Map()
  for (const event of inner) {
    const ms = (event.tdur ?? event.dur) / 1000
    const note =
      event.name === 'UpdateLayoutTree'
        ? ` el=${event.args?.elementCount}`
        : event.name === 'Layout'
          ? ` dirty=${event.args?.beginData?.dirtyObjects}/${event.args?.beginData?.totalObjects}`
          : /^v8\.(compileModule|evaluateModule|compile)$/.test(event.name) && event.args?.fileName
            ? ` ${String(event.args.fileName).replace(/^.*\//, '')}`
            : ''
    const entry = byName.get(event.name) ?? { ms: 0, n: 0, notes: [] }
    entry.ms += ms
    entry.n++
    if (note && entry.notes.length < 4) entry.notes.push(`${note.trim()}:${ms.toFixed(1)}`)
    byName.set(event.name, entry)
  }
  const causes = new Map()
  for (const event of own) {
    if (!/InvalidationTracking/.test(event.name) || event.ts < since || event.ts > task.ts + task.dur) continue
    const d = event.args?.data ?? {}
    const changed = d.changedClass ?? d.changedAttribute ?? d.changedPseudo ?? d.changedId ?? ''
    // The invalidation set that was applied, when Chromium names it (which classes, ids, tags it matches).
    const sets = d.invalidationList ? ` ${JSON.stringify(d.invalidationList.map(({ id: _id, ...set }) => set))}` : ''
    const key = `${event.name.replace('InvalidationTracking', '')} ${d.reason ?? ''} ${d.nodeName ?? ''} ${changed}${sets}`
    causes.set(key, (causes.get(key) ?? 0) + 1)
  }
  for (const [key, n] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.error('    inv', n, key)
  const selectors = new Map()
  for (const event of [...inner, ...own]) {
    const timings = event.args?.selector_stats?.selector_timings
    if (!timings || event.ts < task.ts || event.ts > task.ts + task.dur) continue
    for (const t of timings) {
      const entry = selectors.get(t.selector) ?? { us: 0, attempts: 0, matches: 0 }
      entry.us += t['elapsed (us)'] ?? t.elapsed ?? 0
      entry.attempts += t.match_attempts ?? 0
      entry.matches += t.match_count ?? 0
      selectors.set(t.selector, entry)
    }
  }
  if (selectors.size > 0) {
    const total = [...selectors.values()].reduce((sum, e) => sum + e.us, 0)
    console.error('    sel', `${Math.round(total)} us in all`, `${selectors.size} selectors tried`)
  }
  for (const [selector, e] of [...selectors].sort((a, b) => b[1].us - a[1].us).slice(0, 12))
    console.error('    sel', `${Math.round(e.us)} us`, `${e.matches}/${e.attempts} matched`, selector.slice(0, 120))
  const parts = [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)
  console.error('  task', (task.tdur / 1000).toFixed(1), parts.map(([name, e]) => `${name} ${e.ms.toFixed(1)}/${e.n} ${e.notes.join(',')}`).join(' | '))
}

/**
 * `INTERACTION_DEBUG=fn`: a task's CPU samples by function, source-mapped: self (the function running)
 * and inclusive (on the stack), the top of each, as a share of the task's samples.
 */
export async function debugFunctions(task, samples, mapOf, chunkName) {
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur)
  const self = new Map()
  const inclusive = new Map()
  const nameOf = async (frame) => {
    if (!frame.url?.startsWith('http')) return frame.functionName || '(native)'
    const { source, original } = await sourceOf(frame, mapOf, chunkName)
    return `${frame.functionName || '(anonymous)'} ${source}${original?.line ? `:${original.line}` : ''}`
  }
  for (const sample of inside) {
    const names = await Promise.all(sample.frames.map(nameOf))
    if (names[0]) self.set(names[0], (self.get(names[0]) ?? 0) + 1)
    for (const name of new Set(names)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1)
  }
  const total = Math.max(1, inside.length)
  const top = (counts, n) =>
    [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, count]) => `${Math.round((100 * count) / total)}% ${name}`)
  console.error(`    fn ${inside.length} samples; self: ${top(self, 12).join(' | ')}`)
  console.error(`    fn inclusive: ${top(inclusive, 25).join(' | ')}`)
}

/** The chunk names of a build: `file (its entry point or largest inputs)`, from the esbuild metafile. */
export async function chunkNamer(storeRoot) {
  const names = new Map()
  const file = storeRoot && join(storeRoot, 'dist/client/metafile.json')
  if (file && existsSync(file)) {
    const metafile = JSON.parse(await readFile(file, 'utf8'))
    for (const [output, info] of Object.entries(metafile.outputs)) {
      if (!output.endsWith('.js')) continue
      const inputs = Object.entries(info.inputs)
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .map(([input]) => input.replace(/^.*node_modules\//, '').replace(/^(client|shared)\//, ''))
      const what = info.entryPoint?.replace(/^(client|shared)\//, '') ?? inputs.slice(0, 2).join(' + ')
      names.set(basename(output), `${basename(output)} (${what})`)
    }
  }
  return (url) => {
    const name = basename(new URL(url).pathname)
    return names.get(name) ?? name
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

/**
 * Traces `runs` cold loads of each page (`{ kind, url, ready?, storeRoot?, peer?, imagesFrom? }`, `ready`
 * an expression true once the page is interactive, `imagesFrom` the origin that gives a peer its goods
 * pictures) in `browser`;
 * resolves per page the median longest task and the run with that median (its tasks over 8 ms).
 */
export async function traceMainThread(browser, pages, { runs = 3, log = () => {} } = {}) {
  const results = []
  for (const page of pages) {
    const mapOf = sourceMaps(page.storeRoot)
    const chunkName = await chunkNamer(page.storeRoot)
    const origin = new URL(page.url).origin
    const samples = []
    for (let run = 0; run < runs; run++) {
      const events = await traceLoad(browser, page.url, page.ready, page.imagesFrom)
      const analysis = await analyseTrace(events, { origin, mapOf, chunkName })
      log(
        `trace ${page.kind} run ${run + 1}/${runs}: longest ${analysis.longest_ms} ms, ${analysis.tasks_over_8ms} over 8 ms` +
          analysis.tasks.map((task) => `\n    +${task.at_ms} ms ${task.cpu_ms} ms ${task.kind} (${task.detail})`).join(''),
      )
      samples.push(analysis)
    }
    const mid = median(samples.map((s) => s.longest_ms))
    const chosen = samples.find((s) => s.longest_ms === mid)
    results.push({
      kind: page.kind,
      path: new URL(page.url).pathname,
      peer: Boolean(page.peer),
      longest_ms: mid,
      longest_runs: samples.map((s) => s.longest_ms),
      tasks_over_8ms: chosen.tasks_over_8ms,
      tasks: chosen.tasks,
      runs: samples,
    })
  }
  return results
}

/** A page of ours is ready once it is hydrated (an expression evaluated in the page). */
export const HYDRATED = `document.documentElement.dataset.hydrated === 'true'`

/** Adds a user-timing mark `hydrated` when `<html data-hydrated="true">` appears (before any page script). */
const HYDRATION_MARK_SCRIPT = () => {
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.hydrated !== 'true') return
    performance.mark('hydrated')
    observer.disconnect()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}
