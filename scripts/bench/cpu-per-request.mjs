#!/usr/bin/env node
/**
 * Server CPU per request of a page in each cache mode (bench-lib.mjs CACHE_MODES), this checkout beside
 * another one's build: the figure a busy, shared machine cannot spoil (requests/s here are only a
 * side note). Short, bounded loads (autocannon at a few connections on 127.0.0.1), each store process's
 * CPU time read from /proc before and after; the two builds run and are loaded at the same time, so a
 * busy machine weighs on both alike; medians of the rounds reported.
 *
 *   node scripts/bench/cpu-per-request.mjs [--before <checkout>] [--modes uncached,store,warm]
 *     [--page category|home|product] [--seconds 8] [--connections 8] [--rounds 3]
 *     [--env-before K=V,…] [--env-after K=V,…]
 *
 * Both builds (their dist/) must exist; both run against this checkout's mock gateway. `--env-*` adds
 * variables to one side's modes: `--before . --env-after FRAGMENTS=off` measures one switch alone.
 */
import { isAbsolute, resolve } from 'node:path'
import autocannon from 'autocannon'
import { ROOT, benchPages, buildIfNeeded, cacheModeEnv, cpuMsOf, startMock, startStore, stop } from './bench-lib.mjs'

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const before = arg('before')
const modes = arg('modes', 'uncached,store,warm').split(',')
const pageName = arg('page', 'category')
// Bounded: a shared machine gets short loads only.
const seconds = Math.min(15, Number(arg('seconds', 8)))
const connections = Number(arg('connections', 8))
const rounds = Number(arg('rounds', 3))

const envArg = (name) =>
  Object.fromEntries((arg(name, '') || '').split(',').filter(Boolean).map((pair) => pair.split('=')))
const extraEnv = { before: envArg('env-before'), after: envArg('env-after') }

const checkouts = [['after', ROOT]]
if (before) checkouts.unshift(['before', isAbsolute(before) ? before : resolve(process.cwd(), before)])

/** Runs autocannon against `url` for `duration` seconds; answers the 2xx requests it completed. */
const load = (url, duration) =>
  new Promise((done, fail) =>
    autocannon({ url, connections, duration }, (error, result) =>
      error ? fail(error) : done({ ok: result['2xx'], other: result.non2xx + result.errors + result.timeouts }),
    ),
  )

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const started = []
try {
  for (const [, root] of checkouts) buildIfNeeded(root)
  const mock = await startMock()
  started.push(mock.child)
  const page = (await benchPages(mock.url))[pageName]
  if (!page) throw new Error(`unknown page ${pageName}`)
  const figures = new Map()
  for (let round = 0; round < rounds; round++) {
    for (const mode of modes) {
      // Both builds run and are loaded at the same time, so whatever else the machine does weighs on
      // both alike (CPU per request rises with contention: caches and cores are shared).
      const stores = []
      for (const [name, root] of checkouts) {
        const store = await startStore(mock.url, { ...cacheModeEnv(mode, root), ...extraEnv[name] }, { root })
        started.push(store.child)
        stores.push({ name, store })
      }
      // Warm-up: the JIT, the store's and the page cache's first fills.
      await Promise.all(stores.map(({ store }) => load(store.base + page, 4)))
      const cpuBefore = stores.map(({ store }) => cpuMsOf(store.child.pid))
      const results = await Promise.all(stores.map(({ store }) => load(store.base + page, seconds)))
      stores.forEach(({ name, store }, index) => {
        const cpu = cpuMsOf(store.child.pid) - cpuBefore[index]
        const { ok, other } = results[index]
        if (other > 0) console.warn(`${name} ${mode}: ${other} requests failed or answered other than 2xx`)
        const key = `${mode}\t${name}`
        figures.set(key, [...(figures.get(key) ?? []), { msPerRequest: cpu / ok, rps: ok / seconds }])
        console.log(
          `round ${round + 1} ${mode} ${name}: ${(cpu / ok).toFixed(3)} ms CPU/request, ${(ok / seconds).toFixed(0)} req/s`,
        )
      })
      for (const { store } of stores) await stop(store.child)
    }
  }
  console.log(`\n${pageName} page (${page}), ${rounds} rounds of ${seconds} s at ${connections} connections, medians:`)
  console.log('mode\tbuild\tms CPU/request\treq/s (noisy)')
  for (const [key, runs] of figures)
    console.log(
      `${key}\t${median(runs.map((r) => r.msPerRequest)).toFixed(3)}\t${median(runs.map((r) => r.rps)).toFixed(0)}`,
    )
} finally {
  for (const child of started.reverse()) await stop(child)
}
