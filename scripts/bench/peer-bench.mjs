#!/usr/bin/env node
/**
 * `npm run bench:peers`: the storefront's category page measured beside the peer frameworks in one run
 * (the "Measuring the storefront beside the peers" recipe of ../shared/peer-bench/README.md).
 *
 * Builds this checkout if needed, starts its mock gateway, the peer bench's replay gateway in front of
 * it, the store with every cache and memo off (`CACHES=off`) against the replay gateway (`ours`), the
 * store with its query store on and the page cache off against the replay gateway (`ours-store`) and a
 * store with the default config straight at the mock (`ours-warm`), all on free loopback ports; then runs the peer bench's
 * run.sh with them as `--extra` targets (and their PIDs, for RSS and CPU) on the real category page,
 * and stops everything it started.
 *
 *   npm run bench:peers -- [--before <checkout>] [--in-place] [run.sh options: --only a,b --rounds N --duration S …]
 *
 * --before <dir>  also starts the stores of another checkout's dist/ (e.g. a worktree of the old commit,
 *                 built with its own node_modules) as `before`, `before-store` and `before-warm` (in the
 *                 same modes, spelled with that build's variables): before and after in ONE run.
 * After the closed-loop rounds, each warm store (`ours-warm`, `before-warm`) gets a paced load: a fixed
 * rate of half the req/s it reached, for PACED_SECONDS, sent on schedule whether or not earlier answers
 * came (bench-lib.mjs `pacedLoad`), so the load generator does not own the cores and a stall shows as
 * latency. Its p50, p99 and p99/p50 are appended to the results as "Warm tail (paced)".
 *
 * --in-place      runs ../shared/peer-bench/run.sh itself (it then installs and builds the peers if needed
 *                 and writes its results.md there). By default a private copy in bench/peer-run/ is run
 *                 and nothing in the shared folder changes: with the shared build and node_modules linked
 *                 when the shared folder has them (so --skip-install --skip-build), otherwise a copy of its
 *                 sources that run.sh installs and builds once (npm install, Next and React Router builds)
 *                 and later runs reuse. Results land in bench/peer-results.{md,json}.
 */
import { spawn } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import {
  ROOT,
  benchPages,
  cacheModeEnv,
  buildIfNeeded,
  buildScriptOf,
  freePort,
  pacedLoad,
  startMock,
  startNode,
  startStore,
  stop,
  waitFor,
} from './bench-lib.mjs'

const PEER_DIR = resolve(ROOT, process.env.PEER_BENCH_DIR ?? '../shared/peer-bench')
const RUN_DIR = join(ROOT, 'bench/peer-run')

const args = process.argv.slice(2)
let before
let inPlace = false
const passThrough = []
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--before') before = args[++i]
  else if (args[i] === '--in-place') inPlace = true
  else if (args[i] === '--help' || args[i] === '-h') {
    console.log(
      'usage: npm run bench:peers -- [--before <checkout dir>] [--in-place] [run.sh options: --only a,b --rounds N --duration S --warmup S …]',
    )
    process.exit(0)
  } else passThrough.push(args[i])
}
if (before === '' || (before !== undefined && before.startsWith('--'))) {
  console.error('--before needs the directory of another checkout')
  process.exit(2)
}

if (!existsSync(join(PEER_DIR, 'run.sh'))) {
  console.error(
    `The peer bench is missing: expected ${join(PEER_DIR, 'run.sh')} (../shared/peer-bench beside this checkout, or set PEER_BENCH_DIR).`,
  )
  process.exit(2)
}
const beforeRoot = before === undefined ? undefined : isAbsolute(before) ? before : resolve(process.cwd(), before)
if (beforeRoot && !buildScriptOf(beforeRoot)) {
  console.error(`--before ${before}: not a storefront checkout (no scripts/build/build.mjs)`)
  process.exit(2)
}
if (beforeRoot && !existsSync(join(beforeRoot, 'node_modules'))) {
  console.error(`--before ${before}: run npm ci there first (its dist/ needs its own node_modules)`)
  process.exit(2)
}

/** What run.sh installs and builds: with all of it in a folder, the peers need no install or build there. */
const BUILDS = ['next-app/.next/BUILD_ID', 'next-pages/.next/BUILD_ID', 'rr/build/server/index.js', 'node_modules']
const isBuilt = (dir) => BUILDS.every((file) => existsSync(join(dir, file)))
/** Never copied from the shared folder: install and build output, logs, its own results. */
const GENERATED = new Set([
  'node_modules',
  'next-app/.next',
  'next-pages/.next',
  'rr/build',
  'rr/.react-router',
  'logs',
  'results.md',
  'results.json',
])

/**
 * A private copy of the peer bench in bench/peer-run/, so results and logs land here and nothing in
 * the shared folder changes. When the shared folder is installed and built, its scripts are copied and
 * the rest linked. When it is not (it may also be read-only), its sources are copied, writable; run.sh
 * then installs and builds the peers there once, and later runs keep that install and build.
 * Answers whether the copy is ready to measure without installing or building.
 */
function privateCopy() {
  if (isBuilt(PEER_DIR)) {
    rmSync(RUN_DIR, { recursive: true, force: true })
    mkdirSync(join(RUN_DIR, 'logs'), { recursive: true })
    for (const file of ['bench.mjs', 'run.sh', 'replay-gateway.mjs', 'package.json'])
      copyFileSync(join(PEER_DIR, file), join(RUN_DIR, file))
    cpSync(join(PEER_DIR, 'lib'), join(RUN_DIR, 'lib'), { recursive: true })
    for (const dir of ['node_modules', 'next-app', 'next-pages', 'rr', 'fastify', 'api', 'shared'])
      symlinkSync(join(PEER_DIR, dir), join(RUN_DIR, dir))
    return true
  }
  console.log(
    `${PEER_DIR} is not installed and built: copying its sources to ${RUN_DIR} (run.sh installs and builds the peers there once)`,
  )
  mkdirSync(RUN_DIR, { recursive: true })
  // Links left by a run against a built shared folder would point the copy back at it.
  for (const entry of readdirSync(RUN_DIR))
    if (lstatSync(join(RUN_DIR, entry)).isSymbolicLink()) rmSync(join(RUN_DIR, entry))
  if (existsSync(join(RUN_DIR, 'package.json'))) makeWritable(RUN_DIR)
  cpSync(PEER_DIR, RUN_DIR, {
    recursive: true,
    force: true,
    filter: (source) => !GENERATED.has(relative(PEER_DIR, source)),
  })
  makeWritable(RUN_DIR)
  mkdirSync(join(RUN_DIR, 'logs'), { recursive: true })
  return isBuilt(RUN_DIR)
}

/** Gives the owner write access to a copied tree (the shared files are read-only), outside node_modules. */
function makeWritable(dir) {
  chmodSync(dir, lstatSync(dir).mode | 0o200)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink() || entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) makeWritable(path)
    else chmodSync(path, lstatSync(path).mode | 0o200)
  }
}

/** How long each warm store's paced load runs. */
const PACED_SECONDS = 10
/** The paced rate, as a share of the req/s the store reached in the closed-loop rounds. */
const PACED_SHARE = 0.5

/**
 * The warm tail: each warm store loaded at a fixed rate of half its measured maximum, one after the
 * other (nothing else runs meanwhile). Answers the markdown section, or undefined without warm stores.
 */
async function warmTail(results, targets, path) {
  const rows = []
  for (const [name, store] of targets) {
    if (!name.endsWith('-warm')) continue
    const measured = results.summary?.find((entry) => entry.name === name)?.rps
    if (!measured) continue
    const rate = Math.round(measured * PACED_SHARE)
    const paced = await pacedLoad(store.base + path, { rate, seconds: PACED_SECONDS })
    console.log(`${name} paced at ${rate}/s: p50 ${paced.p50_ms} ms, p99 ${paced.p99_ms} ms, ${paced.errors} errors`)
    rows.push({ name, measured: Math.round(measured), ...paced })
  }
  if (rows.length === 0) return undefined
  writeFileSync(join(ROOT, 'bench/peer-warm-tail.json'), JSON.stringify(rows, null, 2) + '\n')
  return [
    '',
    '## Warm tail (paced)',
    '',
    `Each warm store at a fixed rate of ${PACED_SHARE * 100} % of the req/s it reached above, for ${PACED_SECONDS} s after 2 s`,
    'at that rate not counted, sent on schedule (latency counted from when each request was due;',
    'scripts/bench/bench-lib.mjs `pacedLoad`).',
    '',
    '| variant | closed-loop req/s | paced rate/s | answered | errors | p50 ms | p99 ms | p99/p50 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.measured} | ${row.rate} | ${row.requests} | ${row.errors} | ${row.p50_ms} | ${row.p99_ms} | ${row.p99_over_p50} |`,
    ),
    '',
  ].join('\n')
}

const started = []
const startedStore = async (...startArgs) => {
  const store = await startStore(...startArgs)
  started.push(store.child)
  return store
}

let exitCode = 1
try {
  const ready = inPlace ? true : privateCopy()
  const runDir = inPlace ? PEER_DIR : RUN_DIR
  buildIfNeeded(ROOT)
  if (beforeRoot) buildIfNeeded(beforeRoot)

  const mock = await startMock()
  started.push(mock.child)
  const replayPort = await freePort()
  const replay = startNode(
    join(runDir, 'replay-gateway.mjs'),
    {},
    { root: '/', args: ['--upstream', mock.url, '--port', String(replayPort)] },
  )
  started.push(replay)
  const replayUrl = `http://127.0.0.1:${replayPort}`
  await waitFor(`${replayUrl}/__replay/stats`, { child: replay })

  const { category } = await benchPages(mock.url)
  // The three cache modes (bench-lib.mjs, CACHE_MODES): every cache off and the store without the page
  // cache against the replay gateway, the default straight at the mock.
  const targets = [
    ['ours', await startedStore(replayUrl, cacheModeEnv('uncached'))],
    ['ours-store', await startedStore(replayUrl, cacheModeEnv('store'))],
    ['ours-warm', await startedStore(mock.url, cacheModeEnv('warm'))],
  ]
  if (beforeRoot) {
    targets.push(['before', await startedStore(replayUrl, cacheModeEnv('uncached', beforeRoot), { root: beforeRoot })])
    targets.push([
      'before-store',
      await startedStore(replayUrl, cacheModeEnv('store', beforeRoot), { root: beforeRoot }),
    ])
    targets.push(['before-warm', await startedStore(mock.url, cacheModeEnv('warm', beforeRoot), { root: beforeRoot })])
  }
  const extras = []
  for (const [name, store] of targets) {
    const response = await fetch(store.base + category, { redirect: 'manual', signal: AbortSignal.timeout(15_000) })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${name}: ${category} answered ${response.status}`)
    extras.push('--extra', `${name}=${store.base}${category}`, '--extra-pid', String(store.child.pid))
    console.log(`${name}: ${store.base}${category} (pid ${store.child.pid})`)
  }

  const forced =
    inPlace || !ready ? [] : ['--skip-install', '--skip-build'].filter((flag) => !passThrough.includes(flag))
  const runArgs = [...forced, ...passThrough, ...extras]
  console.log(`${join(runDir, 'run.sh')} ${runArgs.join(' ')}`)
  const run = spawn('bash', [join(runDir, 'run.sh'), ...runArgs], { stdio: 'inherit' })
  exitCode = await new Promise((done) => run.once('exit', (code) => done(code ?? 1)))

  const resultsMd = join(runDir, 'results.md')
  if (exitCode === 0 && existsSync(join(runDir, 'results.json'))) {
    const tail = await warmTail(JSON.parse(readFileSync(join(runDir, 'results.json'), 'utf8')), targets, category)
    if (tail) appendFileSync(resultsMd, tail)
  }
  if (!inPlace && existsSync(resultsMd)) {
    copyFileSync(resultsMd, join(ROOT, 'bench/peer-results.md'))
    copyFileSync(join(runDir, 'results.json'), join(ROOT, 'bench/peer-results.json'))
    console.log(`results: ${join(ROOT, 'bench/peer-results.md')} (logs in ${join(runDir, 'logs')})`)
  }
} catch (error) {
  console.error(`peer bench: ${error.message}`)
} finally {
  for (const child of started.reverse()) await stop(child)
}
process.exit(exitCode)
