#!/usr/bin/env node
/**
 * What invented URLs make the store keep (issue 33, "bounded by construction"): two fresh stores in the
 * default configuration, one loaded for SECONDS with one unknown category id over and over, the other
 * with a new random unknown id on every request (`/catalog/<id>-x`); then each store's heap after
 * forced garbage collections, read through the inspector protocol (HeapProfiler.collectGarbage three
 * times, then Runtime.getHeapUsage). The difference is what the random ids kept: the budget is 3 MB.
 *
 *   node scripts/bench/retained-heap.mjs [--seconds 30] [--connections 8]
 *
 * Loopback only, bounded in time; every process it starts is stopped.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { WebSocket } from 'undici'
import { ROOT, buildIfNeeded, freePort, startMock, stop, waitFor } from './bench-lib.mjs'

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const SECONDS = Math.min(60, Number(arg('seconds', 30)))
const CONNECTIONS = Number(arg('connections', 8))
/** What the random ids may keep beyond one id's load, after forced collections. */
const BUDGET_MB = 3

/** Starts the built store with the inspector on a free loopback port; answers the child, its base URL and the inspector's. */
async function startInspectedStore(gatewayUrl) {
  const [port, inspectPort, metricsPort] = [await freePort(), await freePort(), await freePort()]
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'bench-session-secret-of-32-characters',
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      WEB_GATEWAY_URL: `${gatewayUrl}/webgate`,
      ID_GATEWAY_URL: `${gatewayUrl}/aurora-id`,
      ANTIFRAUD: 'off',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/healthz`, { child })
  const targets = await (
    await fetch(`http://127.0.0.1:${inspectPort}/json/list`, { signal: AbortSignal.timeout(5_000) })
  ).json()
  return { child, base, inspector: targets[0].webSocketDebuggerUrl }
}

/** The heap in use after three forced collections, in MB, read over the inspector protocol. */
async function heapAfterGc(inspectorUrl) {
  const socket = new WebSocket(inspectorUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let id = 0
  const send = (method) =>
    new Promise((resolve, reject) => {
      const own = ++id
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), 30_000)
      const onMessage = (event) => {
        const message = JSON.parse(String(event.data))
        if (message.id !== own) return
        clearTimeout(timer)
        socket.removeEventListener('message', onMessage)
        resolve(message.result)
      }
      socket.addEventListener('message', onMessage)
      socket.send(JSON.stringify({ id: own, method }))
    })
  try {
    for (let round = 0; round < 3; round++) await send('HeapProfiler.collectGarbage')
    const { usedSize } = await send('Runtime.getHeapUsage')
    return usedSize / 2 ** 20
  } finally {
    socket.close()
  }
}

/** Loads `base` for SECONDS, each request's path from `path()`; answers the requests completed. */
const load = (base, path) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result.requests.total)),
    ),
  )

const started = []
try {
  buildIfNeeded(ROOT)
  const mock = await startMock()
  started.push(mock.child)
  const unknownId = () => 900_000_000 + Math.floor(Math.random() * 99_000_000)
  const oneId = unknownId()
  const figures = {}
  for (const [name, path] of [
    ['one id', () => `/catalog/${oneId}-x`],
    ['random ids', () => `/catalog/${unknownId()}-x`],
  ]) {
    const store = await startInspectedStore(mock.url)
    started.push(store.child)
    const before = await heapAfterGc(store.inspector)
    const requests = await load(store.base, path)
    const after = await heapAfterGc(store.inspector)
    figures[name] = { requests, heap_before_mb: +before.toFixed(1), heap_after_mb: +after.toFixed(1) }
    console.log(`${name}: ${requests} requests in ${SECONDS} s, heap after forced GCs ${before.toFixed(1)} → ${after.toFixed(1)} MB`)
    await stop(store.child)
  }
  const apart = figures['random ids'].heap_after_mb - figures['one id'].heap_after_mb
  console.log(`random ids kept ${apart.toFixed(1)} MB more than one id (budget ${BUDGET_MB} MB)`)
  process.exitCode = apart <= BUDGET_MB ? 0 : 1
} finally {
  for (const child of started.reverse()) await stop(child)
}
