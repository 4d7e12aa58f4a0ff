#!/usr/bin/env node
/**
 * `npm start`: builds when the sources are newer than the build, then runs the mock gateway (only
 * when no gateway URL is configured) and the storefront, so the whole store works offline at
 * http://127.0.0.1:3000. Signals are forwarded; the launcher exits when the storefront does.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { connect } from 'node:net'
import { logColours, runLogged, startBanner } from './dev-log.mjs'
import { startEnv, storefrontOrigin } from './start-env.mjs'

const root = new URL('../..', import.meta.url).pathname
const stamp = join(root, 'dist', 'BUILD_ID')

/** Newest modification time under the source folders. */
function newestSource() {
  let newest = 0
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  for (const dir of ['client', 'server', 'shared', 'mock-gateway', 'scripts/build'])
    if (existsSync(join(root, dir))) walk(join(root, dir))
  for (const file of ['package.json']) newest = Math.max(newest, statSync(join(root, file)).mtimeMs)
  return newest
}

if (!existsSync(stamp) || statSync(stamp).mtimeMs < newestSource()) {
  console.log('building…')
  const result = spawnSync(process.execPath, [join(root, 'scripts/build/build.mjs')], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const env = startEnv(process.env)
const children = []
const useMock = !env.WEB_GATEWAY_URL && !env.ID_GATEWAY_URL

/** Resolves once something listens on the port, rejects after the timeout. */
function waitForPort(port, host, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, host)
      socket.once('connect', () => {
        socket.end()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port}`))
        else setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

// Readable lines unless JSON is asked for (LOG_FORMAT=json); production runs the bundles directly, in JSON.
const colours = logColours(env)

function run(name, file, label) {
  const child = runLogged(join(root, file), label, env)
  children.push(child)
  child.once('exit', (code, signal) => {
    if (name === 'storefront') {
      for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM')
      process.exit(code ?? (signal ? 0 : 1))
    } else if (!stopping) {
      console.error(`${name} exited (${code ?? signal}); stopping`)
      for (const other of children) if (other.exitCode === null) other.kill('SIGTERM')
      process.exit(1)
    }
  })
  return child
}

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true
    for (const child of children) if (child.exitCode === null) child.kill(signal)
  })
}

const mockPort = Number(env.MOCK_GATEWAY_PORT ?? 4010)
if (useMock) {
  run('mock gateway', 'dist/mock-gateway/index.js', 'mock ')
  await waitForPort(mockPort, '127.0.0.1', 15_000)
}
run('storefront', 'dist/server/main.js', 'store')
const storeUrl = storefrontOrigin(env)
await waitForPort(Number(new URL(storeUrl).port || 80), '127.0.0.1', 30_000).then(
  () => {
    const metricsHost =
      env.METRICS_HOST ?? (env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : '127.0.0.1')
    process.stdout.write(
      `${startBanner(
        {
          storeUrl,
          mockUrl: useMock ? `http://127.0.0.1:${mockPort}` : undefined,
          metricsUrl: `http://${metricsHost}:${env.METRICS_PORT ?? 9464}/metrics`,
          otpCode: env.MOCK_OTP_CODE ?? '12345',
        },
        colours,
      )}\n`,
    )
  },
  () => undefined,
)
