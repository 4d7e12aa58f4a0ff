#!/usr/bin/env node
/**
 * `npm run chaos [scenario…]`: causes each failure on the production shape (`npm run prod-shape`, started
 * here with the fast rules: every rate window and `for:` of deploy/monitoring divided by 60, evaluated
 * every 2 s, see scripts/ops/monitoring.mjs) and checks two things per scenario: what the shopper sees
 * through nginx, and that the expected alert fires in Prometheus (`/api/v1/alerts`), reaches Alertmanager,
 * and resolves once the fault is cleared. Prints a table; exits 1 when a scenario fails.
 *
 * Scenarios: gateway-down, gateway-slow, replica-killed, redis-killed (StorefrontRedisDown, and its
 * symptom StorefrontRedisFallbacks inhibited in Alertmanager), redis-full, redis-evicting, otp-flood (all
 * by default). The workload alerts on kube-state-metrics (crash loop, replicas, HPA) and the absent scrape
 * need a cluster: their promtool tests cover them.
 * A light background load (a few uncached page views a second) runs throughout, as shoppers would.
 */
import { fileURLToPath } from 'node:url'
import { startProdShape } from './prod-shape.mjs'

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))
const REQUEST_TIMEOUT_MS = 10_000
/** Shoppers use browsers: a bot's user agent gets the minimal bot pages instead of the views. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
/** How long an alert may take to fire, and to resolve after its fault is cleared (fast rules). */
const FIRE_TIMEOUT_MS = 120_000
const RESOLVE_TIMEOUT_MS = 120_000

/** A GET through nginx: status, body and time taken. */
async function get(origin, path, headers = {}) {
  const started = performance.now()
  try {
    const response = await fetch(origin + path, {
      headers: { 'user-agent': BROWSER, ...headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const body = await response.text()
    return { status: response.status, body, ms: performance.now() - started }
  } catch (error) {
    return { status: 0, body: String(error), ms: performance.now() - started }
  }
}

/** An OTP request through nginx from a client address (X-Forwarded-For, which nginx passes on). */
async function requestOtp(origin, phone, address) {
  try {
    const response = await fetch(`${origin}/aurora-id/v1/auth/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'user-agent': BROWSER, 'x-forwarded-for': address },
      body: JSON.stringify({ phone }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { status: 0, body: String(error) }
  }
}

async function mockFault(shape, fault) {
  const response = await fetch(`${shape.urls.mock}/__mock/faults`, {
    method: fault ? 'POST' : 'DELETE',
    ...(fault ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  await response.body?.cancel()
  if (!response.ok) throw new Error(`mock fault switch answered ${response.status}`)
}

/**
 * Alerts in Prometheus: `{ name: state }` (firing or pending); with `severity`, only alerts of that
 * severity (an SLO alert's page tiers, not its slow-burn ticket, which a busy machine may hold firing).
 */
async function prometheusAlerts(shape, severity) {
  const response = await fetch(`${shape.urls.prometheus}/api/v1/alerts`, { signal: AbortSignal.timeout(5_000) })
  const { data } = await response.json()
  const states = {}
  for (const alert of data.alerts) {
    if (severity && alert.labels.severity !== severity) continue
    const name = alert.labels.alertname
    if (states[name] !== 'firing') states[name] = alert.state
  }
  return states
}

/** Alertmanager's alerts of that name (active or inhibited). */
async function alertmanagerAlerts(shape, name) {
  const response = await fetch(`${shape.urls.alertmanager}/api/v2/alerts`, { signal: AbortSignal.timeout(5_000) })
  const alerts = await response.json()
  return alerts.filter((alert) => alert.labels.alertname === name)
}

/** Whether Alertmanager holds an active alert of that name. */
const alertmanagerHas = async (shape, name) =>
  (await alertmanagerAlerts(shape, name)).some((alert) => alert.status.state === 'active')

/** Whether Alertmanager holds that alert inhibited (by the scenario's cause alert). */
const alertmanagerInhibited = async (shape, name) =>
  (await alertmanagerAlerts(shape, name)).some((alert) => alert.status.inhibitedBy.length > 0)

/** Polls until `check()` is truthy; returns the ms waited, or undefined on timeout. */
async function waitUntil(check, timeoutMs, intervalMs = 1_000) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return Date.now() - started
    } catch {
      // Prometheus busy or restarting: try again.
    }
    await sleep(intervalMs)
  }
  return undefined
}

let unique = 0
/** A page no cache holds: a search for a word nobody searched (the server renders it from the gateway). */
const uncachedPage = () => `/search?q=chaos${Date.now().toString(36)}${unique++}`
const OUTAGE_TEXT = 'Сайт временно не работает'
const LIMIT_TEXT = 'Попробуйте снова позже'

/** A phone per request, so the gateway's own limit of 3 codes a minute per phone stays out of the way. */
let phones = 0
const nextPhone = () => `7955${String(Date.now() % 1_000_000).padStart(6, '0')}${phones++ % 10}`.slice(0, 11)

/**
 * The scenarios: the fault, what the shopper must see while it lasts, the alert expected, and the
 * undoing. `during` runs repeatedly while waiting for the alert (what keeps the symptom going).
 */
export const SCENARIOS = {
  'gateway-down': {
    fault: 'web gateway answers 503 (mock /webgate*)',
    alert: 'StorefrontGatewayDown',
    async before(shape) {
      // Shoppers' popular pages are in the page cache when the gateway goes.
      await get(shape.origin, '/')
      await get(shape.origin, '/')
    },
    start: (shape) => mockFault(shape, { path: '/webgate*', status: 503 }),
    async shopper(shape) {
      const cached = await get(shape.origin, '/')
      const uncached = await get(shape.origin, uncachedPage())
      const outage = uncached.status >= 502 && uncached.status <= 504 && uncached.body.includes(OUTAGE_TEXT)
      return {
        ok: cached.status === 200 && outage,
        seen: `cached / ${cached.status}; uncached page ${uncached.status}${outage ? ` «${OUTAGE_TEXT}»` : ''}`,
      }
    },
    stop: (shape) => mockFault(shape, null),
  },
  'gateway-slow': {
    fault: 'web gateway answers 400 ms late',
    alert: 'StorefrontPageLatencyBudgetBurn',
    // The page tiers (1h/5m, 6h/30m): the 3d/6h ticket may already fire on a loaded machine.
    severity: 'critical',
    start: (shape) => mockFault(shape, { path: '/webgate*', delayMs: 400 }),
    async shopper(shape) {
      const page = await get(shape.origin, uncachedPage())
      return {
        ok: page.status === 200 && page.ms > 250,
        seen: `uncached page ${page.status} in ${Math.round(page.ms)} ms`,
      }
    },
    stop: (shape) => mockFault(shape, null),
  },
  'replica-killed': {
    fault: 'store-b killed (SIGKILL)',
    alert: 'StorefrontReplicaDown',
    start: (shape) => shape.killReplica(1),
    async shopper(shape) {
      // Every shopper, whichever replica their cookie hashes to, still gets pages.
      const answers = []
      for (let i = 0; i < 8; i++)
        answers.push((await get(shape.origin, '/', { cookie: `session_id=chaos-${i}` })).status)
      return {
        ok: answers.every((status) => status === 200),
        seen: `8 shoppers' home pages: ${[...new Set(answers)].join(', ')}`,
      }
    },
    stop: (shape) => shape.startReplica(1),
  },
  'redis-killed': {
    fault: 'redis-server killed (SIGKILL)',
    alert: 'StorefrontRedisDown',
    // Its symptom pages too (refused sign-ins, sustained), and Alertmanager inhibits it: one page, not two.
    inhibits: ['StorefrontRedisFallbacks'],
    start: (shape) => shape.killRedis(),
    async shopper(shape) {
      const otp = await requestOtp(shape.origin, nextPhone(), '10.77.0.1')
      const page = await get(shape.origin, '/')
      const refused = otp.status === 422 && otp.body.includes(LIMIT_TEXT)
      return {
        ok: refused && page.status === 200,
        seen: `OTP ${otp.status}${refused ? ` «${LIMIT_TEXT}»` : ''}; home page ${page.status}`,
      }
    },
    // Shoppers keep trying to sign in.
    during: (shape) => requestOtp(shape.origin, nextPhone(), '10.77.0.2'),
    stop: (shape) => shape.startRedis(),
  },
  'redis-full': {
    fault: 'Redis maxmemory cut to what it holds (noeviction: writes refused)',
    alert: 'StorefrontRedisMemoryHigh',
    start: (shape) => {
      const used = Number(/used_memory:(\d+)/.exec(shape.redisCli('info', 'memory').stdout)?.[1])
      if (!used) throw new Error('redis-cli info memory: no used_memory')
      shape.redisCli('config', 'set', 'maxmemory', String(Math.round(used * 1.02)))
    },
    async shopper(shape) {
      const otp = await requestOtp(shape.origin, nextPhone(), '10.77.1.1')
      const page = await get(shape.origin, '/')
      return { ok: page.status === 200, seen: `home page ${page.status}; OTP ${otp.status}` }
    },
    stop: (shape) => shape.redisCli('config', 'set', 'maxmemory', '96mb'),
  },
  'redis-evicting': {
    fault: 'Redis set to allkeys-lru and filled past maxmemory',
    alert: 'StorefrontRedisEvictions',
    start: (shape) => {
      const used = Number(/used_memory:(\d+)/.exec(shape.redisCli('info', 'memory').stdout)?.[1])
      shape.redisCli('config', 'set', 'maxmemory-policy', 'allkeys-lru')
      shape.redisCli('config', 'set', 'maxmemory', String(used + 512 * 1024))
      shape.redisCli('eval', "for i=1,8000 do redis.call('set','chaos:evict:'..i,string.rep('x',200)) end", '0')
    },
    async shopper(shape) {
      const page = await get(shape.origin, '/')
      return { ok: page.status === 200, seen: `home page ${page.status}` }
    },
    stop: (shape) => {
      shape.redisCli('config', 'set', 'maxmemory-policy', 'noeviction')
      shape.redisCli('config', 'set', 'maxmemory', '96mb')
      shape.redisCli('eval', "for i=1,8000 do redis.call('del','chaos:evict:'..i) end", '0')
    },
  },
  'otp-flood': {
    fault: 'OTP requests from many addresses, 8 a second',
    alert: 'StorefrontOtpSendFlood',
    async start() {},
    async shopper(shape) {
      // One address past the per-IP limit (OTP_IP_LIMIT, 10) is refused with the gateway's wording.
      let last
      for (let i = 0; i < 11; i++) last = await requestOtp(shape.origin, nextPhone(), '10.78.0.1')
      const refused = last.status === 422 && last.body.includes(LIMIT_TEXT)
      return { ok: refused, seen: `11th code from one address: ${last.status}${refused ? ` «${LIMIT_TEXT}»` : ''}` }
    },
    async during(shape) {
      const sends = []
      for (let i = 0; i < 8; i++) sends.push(requestOtp(shape.origin, nextPhone(), `10.79.${unique % 250}.${i + 1}`))
      unique++
      await Promise.all(sends)
    },
    async stop() {},
  },
}

/** A few uncached page views a second until stopped: the SLIs need traffic. */
function backgroundLoad(shape) {
  let running = true
  const loop = async () => {
    while (running) {
      await Promise.all([get(shape.origin, uncachedPage()), get(shape.origin, '/'), sleep(300)])
    }
  }
  const done = loop()
  return async () => {
    running = false
    await done
  }
}

/** Runs one scenario; returns its row of the table. */
async function runScenario(shape, name, log) {
  const scenario = SCENARIOS[name]
  const row = {
    scenario: name,
    fault: scenario.fault,
    alert: scenario.alert,
    seen: '',
    fired: '',
    others: '',
    inhibited: '',
    resolved: '',
    ok: false,
  }
  // Start from quiet: the alert of an earlier scenario must be over.
  const alertState = async () => (await prometheusAlerts(shape, scenario.severity))[scenario.alert]
  await waitUntil(async () => !(await alertState()), RESOLVE_TIMEOUT_MS)
  await scenario.before?.(shape)
  log(`${name}: ${scenario.fault}`)
  const started = Date.now()
  await scenario.start(shape)
  let stopped = false
  try {
    const shopper = await scenario.shopper(shape)
    row.seen = shopper.seen
    log(`${name}: the shopper sees ${shopper.seen}`)
    const fired = await waitUntil(async () => {
      if (scenario.during) await scenario.during(shape)
      return (await alertState()) === 'firing'
    }, FIRE_TIMEOUT_MS)
    row.fired = fired === undefined ? 'no' : `${Math.round((Date.now() - started) / 1000)} s`
    // Other alerts firing meanwhile, for the table (a cause seldom comes alone).
    const others = Object.entries(await prometheusAlerts(shape))
      .filter(([alert, state]) => alert !== scenario.alert && state === 'firing')
      .map(([alert]) => alert)
    row.others = others.length ? others.join(', ') : 'none'
    const received =
      fired !== undefined && (await waitUntil(() => alertmanagerHas(shape, scenario.alert), 30_000)) !== undefined
    if (fired !== undefined) row.fired += received ? ', in Alertmanager' : ', not in Alertmanager'
    log(`${name}: ${scenario.alert} fired: ${row.fired}`)
    // Its symptoms' alerts fire as well, and Alertmanager holds them inhibited.
    let inhibitedOk = true
    for (const symptom of scenario.inhibits ?? []) {
      const inhibited = await waitUntil(async () => {
        if (scenario.during) await scenario.during(shape)
        return alertmanagerInhibited(shape, symptom)
      }, FIRE_TIMEOUT_MS)
      inhibitedOk &&= inhibited !== undefined
      row.inhibited = `${row.inhibited ? `${row.inhibited}, ` : ''}${symptom} ${inhibited === undefined ? 'NOT inhibited' : 'inhibited'}`
      log(`${name}: ${symptom}: ${inhibited === undefined ? 'not seen inhibited' : 'inhibited in Alertmanager'}`)
    }
    const cleared = Date.now()
    await scenario.stop(shape)
    stopped = true
    const resolved = await waitUntil(async () => !(await alertState()), RESOLVE_TIMEOUT_MS)
    row.resolved = resolved === undefined ? 'no' : `${Math.round((Date.now() - cleared) / 1000)} s after clearing`
    log(`${name}: resolved: ${row.resolved}`)
    row.ok = shopper.ok && fired !== undefined && received && inhibitedOk && resolved !== undefined
  } finally {
    if (!stopped) await scenario.stop(shape)
  }
  return row
}

/** The table of outcomes, as text. */
export function formatTable(rows) {
  const columns = [
    ['scenario', 'scenario'],
    ['fault', 'fault'],
    ['seen', 'what the shopper sees'],
    ['alert', 'expected alert'],
    ['fired', 'fired after'],
    ['others', 'also firing'],
    ['inhibited', 'inhibited in Alertmanager'],
    ['resolved', 'resolved'],
    ['result', 'result'],
  ]
  const cells = rows.map((row) => ({ ...row, result: row.ok ? 'ok' : 'FAILED' }))
  const widths = columns.map(([key, title]) => Math.max(title.length, ...cells.map((row) => String(row[key]).length)))
  const line = (values) => `| ${values.map((value, i) => String(value).padEnd(widths[i])).join(' | ')} |`
  return [
    line(columns.map(([, title]) => title)),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.map((row) => line(columns.map(([key]) => row[key]))),
  ].join('\n')
}

/**
 * Starts the production shape with the fast rules, runs the named scenarios in order, stops everything.
 * `onReady(shape)` runs once both replicas are scraped, before the first fault. Returns the rows.
 */
export async function runChaos({ scenarios = Object.keys(SCENARIOS), log = () => {}, onReady } = {}) {
  for (const name of scenarios) if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}`)
  const shape = await startProdShape({ fast: true, log })
  shape.origin = shape.urls.shop.replace(/\/$/, '')
  const stopLoad = backgroundLoad(shape)
  const rows = []
  try {
    // Both replicas scraped and the page SLIs recorded before the first fault.
    await waitUntil(async () => {
      const response = await fetch(`${shape.urls.prometheus}/api/v1/query?query=storefront:page_answers:rate5m`)
      const { data } = await response.json()
      return data.result.length > 0
    }, 60_000)
    await onReady?.(shape)
    for (const name of scenarios) rows.push(await runScenario(shape, name, log))
  } finally {
    await stopLoad()
    await shape.stop()
  }
  return rows
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'))
  const rows = await runChaos({
    scenarios: names.length ? names : undefined,
    log: (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
  })
  console.log(`\n${formatTable(rows)}`)
  process.exit(rows.every((row) => row.ok) ? 0 : 1)
}
