#!/usr/bin/env node
/**
 * `npm run bench`: SSR throughput and latency of the storefront against the mock gateway, each page
 * beside a baseline measured in the same run (a minimal Fastify route making the same gateway calls
 * and answering the same bytes), with the anonymous cache off and warm; first-load JS sizes against
 * the budgets; RSS after 5,000 and 50,000 requests. Prints a table, writes bench/results.json, and
 * exits 1 when a budget is exceeded. Loopback only, bounded in time (BENCH_SECONDS per run, default 8).
 */
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import { createServer as netServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = new URL('..', import.meta.url).pathname
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = 50
const JS_FIRST_LOAD_BUDGET = 90 * 1024
const JS_ROUTE_BUDGET = 25 * 1024

const freePort = () => new Promise((resolve) => {
  const server = netServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address()
    server.close(() => resolve(port))
  })
})

async function waitFor(url, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      return
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not come up`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

const children = new Set()
function start(file, env) {
  const child = spawn(process.execPath, [join(root, file)], { env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  children.add(child)
  return child
}
// Whatever happens, nothing the bench started outlives it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})
const stop = (child) => new Promise((resolve) => {
  if (!child || child.exitCode !== null) return resolve()
  child.once('exit', resolve)
  child.kill('SIGTERM')
})
const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024
}

/** One autocannon run: bounded by `duration` (default BENCH_SECONDS) or, when given, by `amount`. */
function load(url, options = {}) {
  const opts = { url, connections, ...options }
  if (opts.amount === undefined) opts.duration ??= seconds
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/** A recording proxy: forwards to the mock and remembers which gateway URLs a page asked for. */
async function recorder(target) {
  const seen = []
  const port = await freePort()
  const server = createServer((req, res) => {
    seen.push(target + req.url)
    const upstream = httpRequest(target + req.url, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (up) => {
      res.writeHead(up.statusCode, up.headers)
      up.pipe(res)
    })
    req.pipe(upstream)
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(r)) }
}

if (!existsSync(join(root, 'dist/BUILD_ID'))) {
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(1)
}

// The gateway.
const mockPort = await freePort()
const mockUrl = `http://127.0.0.1:${mockPort}`
const mock = start('dist/mock-gateway/index.js', { MOCK_GATEWAY_PORT: String(mockPort) })
await waitFor(`${mockUrl}/__mock/faults`)

// Pick a real category and product from the seed.
const categories = await (await fetch(`${mockUrl}/webgate/v3/categories/store`)).json()
const firstCategory = (Array.isArray(categories) ? categories : categories.items ?? categories.categories ?? [])[0]
const goods = await (await fetch(`${mockUrl}/webgate/v2/goods/search?page=1&pageSize=1&categoryId=${firstCategory.id}`)).json()
const product = goods.items[0]
const pages = ['/', '/cookie-policy', `/catalog/${firstCategory.id}-${firstCategory.slug}`, `/product/${product.id}-${product.slug}`]

// Probe: which gateway calls each page makes, and its exact HTML.
const rec = await recorder(mockUrl)
const probePort = await freePort()
const probe = start('dist/server/main.js', { PORT: String(probePort), METRICS_PORT: String(await freePort()), WEB_GATEWAY_URL: `${rec.url}/webgate`, ID_GATEWAY_URL: `${rec.url}/aurora-id`, ANTIFRAUD: 'off', CACHE_MAX_ENTRIES: '0' })
await waitFor(`http://127.0.0.1:${probePort}/healthz`)
const baselineRoutes = {}
for (const path of pages) {
  rec.seen.length = 0
  const response = await fetch(`http://127.0.0.1:${probePort}${path}`)
  const html = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  baselineRoutes[path] = { urls: rec.seen.map((url) => url.replace(rec.url, mockUrl)), html }
}
await stop(probe)
await rec.close()
await mkdir(join(root, 'bench'), { recursive: true })
const routesFile = join(os.tmpdir(), `bench-routes-${process.pid}.json`)
await writeFile(routesFile, JSON.stringify(baselineRoutes))

async function storefront(env) {
  const port = await freePort()
  const child = start('dist/server/main.js', { PORT: String(port), METRICS_PORT: String(await freePort()), WEB_GATEWAY_URL: `${mockUrl}/webgate`, ID_GATEWAY_URL: `${mockUrl}/aurora-id`, ANTIFRAUD: 'off', ...env })
  await waitFor(`http://127.0.0.1:${port}/healthz`)
  return { child, base: `http://127.0.0.1:${port}` }
}

const results = []
const baselinePort = await freePort()
const baseline = start('scripts/bench-baseline.mjs', { PORT: String(baselinePort), BASELINE_ROUTES: routesFile })
await waitFor(`http://127.0.0.1:${baselinePort}${pages[0]}`)
const cold = await storefront({ CACHE_MAX_ENTRIES: '0' })
for (const path of pages) {
  await load(cold.base + path, { duration: 2 })
  const store = await load(cold.base + path)
  await load(`http://127.0.0.1:${baselinePort}${path}`, { duration: 2 })
  const base = await load(`http://127.0.0.1:${baselinePort}${path}`)
  results.push({ path, cache: 'off', rps: Math.round(store.requests.average), p50_ms: store.latency.p50, p99_ms: store.latency.p99, errors: store.errors + store.non2xx, baseline_rps: Math.round(base.requests.average), baseline_p99_ms: base.latency.p99, ratio: +(store.requests.average / base.requests.average).toFixed(3), html_bytes: baselineRoutes[path].html.length, data_block_bytes: (/<script type="application\/json" id="__BOOT__">(.*?)<\/script>/s.exec(baselineRoutes[path].html)?.[1] ?? '').length })
}
await stop(cold.child)
const warm = await storefront({})
for (const path of pages) {
  await load(warm.base + path, { duration: 2 })
  const store = await load(warm.base + path)
  const cold = results.find((r) => r.path === path && r.cache === 'off')
  results.push({ path, cache: 'warm', rps: Math.round(store.requests.average), p50_ms: store.latency.p50, p99_ms: store.latency.p99, errors: store.errors + store.non2xx, baseline_rps: cold.baseline_rps, baseline_p99_ms: cold.baseline_p99_ms, ratio: +(store.requests.average / cold.baseline_rps).toFixed(3) })
}

// Memory: RSS after 5,000 and after 50,000 requests over the page mix (cache warm).
const mix = pages.map((path) => ({ path }))
await load(warm.base, { amount: 5_000, requests: mix })
const rss5k = rssOf(warm.child.pid)
await load(warm.base, { amount: 45_000, requests: mix })
const rss50k = rssOf(warm.child.pid)
await stop(warm.child)
await stop(baseline)
await stop(mock)

// JavaScript sizes.
const manifest = JSON.parse(await readFile(join(root, 'dist/client/manifest.json'), 'utf8'))
const gz = async (url) => gzipSync(await readFile(join(root, 'dist/client', url))).length
const firstLoad = [manifest.entry, ...manifest.entryImports, ...(manifest.routes.main ?? [])]
const sum = async (files) => (await Promise.all(files.map(gz))).reduce((a, b) => a + b, 0)
const js = [{ route: 'first-load /', gzip_bytes: await sum(firstLoad), budget_bytes: JS_FIRST_LOAD_BUDGET, files: firstLoad.length }]
// Per route: its own chunks against the budget, and what a first visit to it loads beyond the entry.
for (const [route, files] of Object.entries(manifest.routes)) {
  js.push({ route, gzip_bytes: await sum(manifest.routeOwn[route]), budget_bytes: JS_ROUTE_BUDGET, first_visit_gzip_bytes: await sum(files) })
}
js.push({ route: 'shared route chunks (once per visit)', gzip_bytes: await sum(manifest.sharedRouteChunks), budget_bytes: null })

const report = {
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, date: new Date().toISOString(), seconds_per_run: seconds, connections },
  pages: results,
  js,
  rss: { after_5k_bytes: rss5k, after_50k_bytes: rss50k, growth_ratio: +(rss50k / rss5k).toFixed(3), budget_ratio: 1.1 },
}
await writeFile(join(root, 'bench/results.json'), JSON.stringify(report, null, 2) + '\n')

const pad = (v, n) => String(v).padEnd(n)
console.log('\nSSR at concurrency 50 (baseline: minimal Fastify route, same gateway calls, same bytes)')
console.log(pad('page', 44) + pad('cache', 7) + pad('rps', 7) + pad('p50', 6) + pad('p99', 6) + pad('base rps', 10) + pad('ratio', 7) + 'errors')
for (const r of results) console.log(pad(r.path, 44) + pad(r.cache, 7) + pad(r.rps, 7) + pad(r.p50_ms, 6) + pad(r.p99_ms, 6) + pad(r.baseline_rps, 10) + pad(r.ratio, 7) + r.errors)
console.log('\nJavaScript (gzip)')
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
console.log(pad('route', 38) + pad('own', 10) + pad('budget', 9) + 'first visit (beyond the entry)')
for (const j of js) {
  const budget = j.budget_bytes === null ? '' : kb(j.budget_bytes)
  console.log(pad(j.route, 38) + pad(kb(j.gzip_bytes), 10) + pad(budget, 9) + (j.first_visit_gzip_bytes ? kb(j.first_visit_gzip_bytes) : '') + (j.budget_bytes !== null && j.gzip_bytes > j.budget_bytes ? '  OVER' : ''))
}
console.log(`\nRSS: ${(rss5k / 2 ** 20).toFixed(1)} MiB after 5k, ${(rss50k / 2 ** 20).toFixed(1)} MiB after 50k requests (x${report.rss.growth_ratio}, budget x1.1)`)

const over = [
  ...js.filter((j) => j.budget_bytes !== null && j.gzip_bytes > j.budget_bytes).map((j) => `JS ${j.route}`),
  ...(report.rss.growth_ratio > 1.1 ? ['RSS growth'] : []),
  ...results.filter((r) => r.cache === 'off' && r.ratio < 0.25).map((r) => `throughput ${r.path}`),
  ...results.filter((r) => r.cache === 'off' && r.p99_ms >= 100).map((r) => `p99 ${r.path}`),
]
if (over.length) {
  console.log(`\nBudget check FAILED: ${over.join(', ')}`)
  process.exit(1)
}
console.log('\nBudget check passed')
