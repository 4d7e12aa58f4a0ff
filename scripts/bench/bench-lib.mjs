/**
 * What `npm run bench` and `npm run bench:peers` share: free loopback ports, starting and stopping the
 * built mock gateway and store (by PID, nothing outlives the script), the pages to measure, wrk runs
 * parsed into figures, a paced (open-loop) load, and the CPU time and RSS of a process read from /proc.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join } from 'node:path'

/** The checkout this script belongs to. */
export const ROOT = new URL('../..', import.meta.url).pathname

/** The browser of the benches, with the tests' flags. */
export { CHROMIUM, CHROMIUM_FLAGS } from '../chromium.mjs'

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address()
        server.close(() => resolve(port))
      })
  })

/** Resolves once `url` answers (any status); rejects after `timeoutMs` or when `child` exits first. */
export async function waitFor(url, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}) before answering`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      return
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 150))
    }
  }
}

const children = new Set()
// Whatever happens, nothing a bench started outlives it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130))
// Output piped into a reader that stops early (`| head`): exit as a shell pipeline would, so the
// handler above stops the servers instead of an uncaught EPIPE leaving them running.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(141)
    throw error
  })

/** Counts a child a bench spawned itself among those stopped when the bench exits; answers it. */
export function stoppedOnExit(child) {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** Starts `node <file>` of a checkout (default: this one) with production defaults and `env` on top. */
export function startNode(file, env = {}, { root = ROOT, args = [], quiet = true } = {}) {
  const child = spawn(process.execPath, [join(root, file), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', SESSION_SECRET: 'bench-session-secret-of-32-characters', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  })
  return stoppedOnExit(child)
}

/** Stops a child by its PID (SIGTERM, SIGKILL after 5 s) and resolves once it has exited. */
export const stop = (child) =>
  new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })

/**
 * The build script of a storefront checkout, or `undefined` when it is not one: `scripts/build/build.mjs`,
 * or `scripts/build/build.mjs` in a checkout from before the scripts were split (a `--before` of the benches).
 */
export function buildScriptOf(root) {
  return ['scripts/build/build.mjs', 'scripts/build.mjs'].map((file) => join(root, file)).find(existsSync)
}

/** Builds the checkout when it has no build yet (`dist/BUILD_ID`). */
export function buildIfNeeded(root = ROOT) {
  if (existsSync(join(root, 'dist/BUILD_ID'))) return
  console.log(`building ${root} …`)
  const script = buildScriptOf(root)
  if (!script) throw new Error(`${root} is not a storefront checkout (no build script)`)
  const result = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`the build of ${root} failed`)
}

/** Starts the built mock gateway of a checkout (its `dist/` or another build folder) on a free port; answers `{ child, url }`. */
export async function startMock({ root = ROOT, env = {}, dist = 'dist' } = {}) {
  const port = await freePort()
  const child = startNode(`${dist}/mock-gateway/index.js`, { MOCK_GATEWAY_PORT: String(port), ...env }, { root })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/__mock/health`, { child })
  return { child, url }
}

/** Starts the built store of a checkout on free ports against a gateway origin; answers `{ child, base, port }`. */
export async function startStore(gatewayUrl, env = {}, { root = ROOT, dist = 'dist' } = {}) {
  const port = await freePort()
  const child = startNode(
    `${dist}/server/main.js`,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(await freePort()),
      METRICS_HOST: '127.0.0.1',
      WEB_GATEWAY_URL: `${gatewayUrl}/webgate`,
      ID_GATEWAY_URL: `${gatewayUrl}/aurora-id`,
      ANTIFRAUD: 'off',
      ...env,
    },
    { root },
  )
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/healthz`, { child })
  return { child, base, port }
}

/**
 * The cache modes the benches measure (decision 025), by name:
 * - `uncached`: every cache and memo off (`CACHES=off`: no query store, no page cache, no kept
 *   fragments): each request fetches, checks, shapes, packs and renders everything;
 * - `store`: the query store on, the rendered-page cache off (`PAGE_CACHE_MAX_ENTRIES=0`);
 * - `warm`: the default configuration.
 */
export const CACHE_MODES = Object.freeze({
  uncached: Object.freeze({ CACHES: 'off' }),
  store: Object.freeze({ PAGE_CACHE_MAX_ENTRIES: '0' }),
  warm: Object.freeze({}),
})

/** The store's environment with every server-side cache and memo off. */
export const UNCACHED_ENV = CACHE_MODES.uncached

/**
 * A mode's environment for the checkout at `root`: a build from before the query store (no
 * `QUERY_STORE_MAX_MB` in its config) spells the same modes with its own variables.
 */
export function cacheModeEnv(mode, root = ROOT) {
  const config = join(root, 'server/config.ts')
  if (!existsSync(config) || readFileSync(config, 'utf8').includes('QUERY_STORE_MAX_MB')) return CACHE_MODES[mode]
  const old = { CACHE_MAX_ENTRIES: '0', PAGE_CACHE_MAX_ENTRIES: '0' }
  if (mode === 'uncached') return { ...old, ANSWER_MEMO_MAX_ENTRIES: '0' }
  return mode === 'store' ? { PAGE_CACHE_MAX_ENTRIES: '0' } : {}
}

/**
 * The pages the benches load, from the mock's seed: `/`, the first category group (24 cards on its
 * first page), the first goods of it, and the cookie policy.
 */
export async function benchPages(mockUrl) {
  const answer = async (path) => {
    const response = await fetch(mockUrl + path, { signal: AbortSignal.timeout(10_000) })
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    return response.json()
  }
  const tree = await answer('/webgate/v3/categories/store')
  const group = tree.items[0]
  const goods = await answer(`/webgate/v2/goods/search?page=1&pageSize=1&categoryId=${group.id}`)
  const product = goods.items[0]
  return {
    home: '/',
    category: `/catalog/${group.id}-${group.slug}`,
    product: `/product/${product.id}-${product.slug}`,
    cookiePolicy: '/cookie-policy',
  }
}

/** The commit a checkout is at, with `-dirty` when it has uncommitted changes; null outside git. */
export function commitOf(root = ROOT) {
  const head = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' })
  if (head.status !== 0) return null
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout?.trim()
  return `${head.stdout.trim()}${dirty ? '-dirty' : ''}`
}

/** Whether wrk is on the PATH. */
export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined

/** Appended to every wrk run: one machine-readable line at the end (status errors are answers > 399). */
const REPORT_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRKJSON {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(99)))
end`

/** Figures of one wrk run from its report line: requests, req/s, p50/p99 in ms, timeouts, errors. */
export function parseWrk(text) {
  const line = /^WRKJSON (.*)$/m.exec(text)
  if (!line) throw new Error(`wrk gave no report: ${text.slice(0, 300)}`)
  const r = JSON.parse(line[1])
  const seconds = r.duration_us / 1e6
  return {
    requests: r.requests,
    seconds: +seconds.toFixed(2),
    rps: Math.round(r.requests / seconds),
    p50_ms: +(r.p50 / 1000).toFixed(2),
    p99_ms: +(r.p99 / 1000).toFixed(2),
    timeouts: r.timeout,
    socket_errors: r.connect + r.read + r.write,
    error_answers: r.status,
  }
}

/**
 * One bounded wrk run on loopback: `-t1 -c<connections> -d<seconds>s --timeout 5s`. With `paths`,
 * requests go round those paths of `url`'s origin; with `maxRequests`, the run stops after that many
 * answers (or after `seconds`, whichever comes first).
 */
export function wrk(url, { seconds = 8, connections = 50, paths, maxRequests } = {}) {
  const lua = [REPORT_LUA]
  if (paths) {
    lua.push(
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }`,
      'local i = 0',
      'request = function() i = i % #paths + 1; return wrk.format("GET", paths[i]) end',
    )
  }
  if (maxRequests)
    lua.push(
      'local answered = 0',
      `response = function() answered = answered + 1; if answered >= ${maxRequests} then wrk.thread:stop() end end`,
    )
  const script = join(tmpdir(), `bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.lua`)
  writeFileSync(script, lua.join('\n'))
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '-s', script, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.once('error', (error) => {
      rmSync(script, { force: true })
      reject(error)
    })
    child.once('exit', (code) => {
      rmSync(script, { force: true })
      if (code === 0) resolve(parseWrk(out))
      else reject(new Error(`wrk exited ${code}: ${out}`))
    })
  })
}

/** The paced (open-loop) load of the benches, on raw sockets: paced-load.mjs. */
export { pacedLoad } from './paced-load.mjs'

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100

/** CPU time (user + system) a process has used so far, in ms; null where /proc is not there. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return null
  }
}

/** Resident set size of a process in bytes; null where /proc is not there. */
export function rssOf(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024
  } catch {
    return null
  }
}
