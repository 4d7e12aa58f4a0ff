#!/usr/bin/env node
/**
 * `npm run dev`: builds (unminified), runs the mock gateway and the store like `npm start`, and on
 * every source change rebuilds, restarts the server (and the mock when its code changed). The page
 * polls `/builds/latest.json` every 1.5 s in development and reloads when the build id changes.
 */
import { spawnSync } from 'node:child_process'
import { watch } from 'node:fs'
import { join } from 'node:path'
import { runLogged } from './dev-log.mjs'

const root = new URL('../..', import.meta.url).pathname
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DEPLOYMENT: 'development',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
}
env.ECOM_USER_IDS ??= '100001'
const useMock = !env.WEB_GATEWAY_URL && !env.ID_GATEWAY_URL
let server
let mock

const build = () =>
  spawnSync(process.execPath, [join(root, 'scripts/build/build.mjs'), '--dev'], { stdio: 'inherit' }).status === 0
// Readable lines, as `npm start` writes them (scripts/build/dev-log.mjs); LOG_FORMAT=json keeps the JSON.
const run = (file, label) => runLogged(join(root, file), label, env)
const stop = (child) =>
  new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve()
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })

async function restart(mockChanged) {
  await stop(server)
  if (useMock && (mockChanged || !mock)) {
    await stop(mock)
    mock = run('dist/mock-gateway/index.js', 'mock ')
    await new Promise((r) => setTimeout(r, 500))
  }
  server = run('dist/server/main.js', 'store')
}

if (!build()) process.exit(1)
await restart(true)

let timer
let mockChanged = false
for (const dir of ['client', 'server', 'shared', 'mock-gateway']) {
  watch(join(root, dir), { recursive: true }, (_event, file) => {
    if (!file || /\.test\.|\.test-d\./.test(file)) return
    if (dir === 'mock-gateway' || dir === 'shared') mockChanged = true
    clearTimeout(timer)
    timer = setTimeout(async () => {
      const changedMock = mockChanged
      mockChanged = false
      console.log(`[dev] ${dir}/${file} changed: rebuilding`)
      if (build()) await restart(changedMock)
    }, 150)
  })
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await Promise.all([stop(server), stop(mock)])
    process.exit(0)
  })
}
