#!/usr/bin/env node
/**
 * Main-thread work of the first load of `/` (decision 014): starts the built mock gateway and
 * store of a checkout on free loopback ports, loads `/` as a first-time visitor in Chromium with the
 * CPU slowed down (CDP `Emulation.setCPUThrottlingRate`, default 4x), and reads the Long Tasks API from
 * the navigation until 3 s after hydration (the first prefetches of links in view included). Prints
 * each load's long tasks (start+duration, ms) and the medians: count, blocking time after the first
 * contentful paint (the sum of each task's time beyond 50 ms), the tasks' total, the hydration time.
 * A figure for comparisons on one machine (run before and after in alternation); it is no budget check.
 *
 * Usage: node scripts/bench/first-load-main-thread.mjs [--runs 5] [--cpu 4] [--store <checkout with dist/>]
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from '../chromium.mjs'

/* global window, document, MutationObserver -- the functions passed to the page run in the browser */

const root = new URL('../..', import.meta.url).pathname
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : fallback
}
const runs = Number(option('runs', '5'))
const cpuRate = Number(option('cpu', '4'))
const storeRoot = resolve(option('store', root))

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address()
        server.close(() => done(port))
      })
  })

async function waitFor(url, child) {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited before answering`)
    try {
      await (await fetch(url, { signal: AbortSignal.timeout(2_000) })).arrayBuffer()
      return
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not come up`)
      await new Promise((done) => setTimeout(done, 150))
    }
  }
}

const children = []
const startNode = (file, env) => {
  const child = spawn(process.execPath, [join(storeRoot, file)], {
    cwd: storeRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', SESSION_SECRET: 'bench-session-secret-of-32-characters', ...env },
    stdio: 'ignore',
  })
  children.push(child)
  return child
}
const stop = (child) =>
  new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(timer)
      done()
    })
    child.kill('SIGTERM')
  })

/** One load of `/` in a fresh context: its long tasks, first contentful paint and hydration time. */
async function measure(browser, baseURL) {
  const context = await browser.newContext({ locale: 'ru-RU' })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
    await page.addInitScript(() => {
      const tasks = []
      Object.assign(window, { __longTasks: tasks })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== 'true') return
        Object.assign(window, { __hydratedAt: performance.now() })
        observer.disconnect()
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    })
    await page.goto(`${baseURL}/`, { waitUntil: 'load' })
    await page.waitForFunction(() => window.__hydratedAt !== undefined, null, { timeout: 60_000 })
    await page.waitForTimeout(3_000)
    const { tasks, hydratedAt, fcp } = await page.evaluate(() => ({
      tasks: window.__longTasks,
      hydratedAt: window.__hydratedAt,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }))
    return {
      tasks,
      count: tasks.length,
      total: tasks.reduce((sum, task) => sum + task.duration, 0),
      blocking: tasks
        .filter((task) => task.start >= fcp)
        .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      hydratedAt,
    }
  } finally {
    await context.close()
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const round = (value) => Math.round(value)

const [port, metricsPort, mockPort] = await Promise.all([freePort(), freePort(), freePort()])
const baseURL = `http://127.0.0.1:${port}`
const mockURL = `http://127.0.0.1:${mockPort}`
let browser
try {
  const mock = startNode('dist/mock-gateway/index.js', {
    MOCK_GATEWAY_PORT: String(mockPort),
    MOCK_STOREFRONT_ORIGIN: baseURL,
  })
  await waitFor(`${mockURL}/__mock/faults`, mock)
  const store = startNode('dist/server/main.js', {
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    WEB_GATEWAY_URL: `${mockURL}/webgate`,
    ID_GATEWAY_URL: `${mockURL}/aurora-id`,
    ANTIFRAUD: 'off',
  })
  await waitFor(`${baseURL}/healthz`, store)
  // The page cache warm, as a visitor after the first finds it.
  for (let index = 0; index < 3; index++)
    await (await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(10_000) })).text()
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS],
  })
  const results = []
  for (let run = 0; run < runs; run++) {
    const result = await measure(browser, baseURL)
    results.push(result)
    console.log(
      `load ${run + 1}: ${result.count} long tasks (${result.tasks.map((task) => `${round(task.start)}+${round(task.duration)}`).join(' ')}), hydrated at ${round(result.hydratedAt)} ms`,
    )
  }
  console.log(
    `first load of / at ${cpuRate}x CPU, median of ${runs}: ${median(results.map((r) => r.count))} long tasks, ` +
      `blocking time after FCP ${round(median(results.map((r) => r.blocking)))} ms, long tasks in all ${round(median(results.map((r) => r.total)))} ms, ` +
      `hydrated at ${round(median(results.map((r) => r.hydratedAt)))} ms (${storeRoot})`,
  )
} finally {
  await browser?.close()
  for (const child of children.reverse()) await stop(child)
}
