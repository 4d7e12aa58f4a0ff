#!/usr/bin/env node
/**
 * `npm run repro -- bug.json`: starts the store and the mock gateway (as `npm start` does) with the
 * mock in the state a bug report carries (`curl localhost:4010/__mock/state > bug.json`), then prints
 * the store's URL and the shopper to sign in as. Ctrl+C stops both. It checks first that the ports of
 * the store (`PORT`), the mock (`MOCK_GATEWAY_PORT`) and the metrics (`METRICS_PORT`) are free, and
 * says what to set when one is not.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { storefrontOrigin } from './start-env.mjs'

const root = new URL('../..', import.meta.url).pathname
const fail = (message) => {
  process.stderr.write(`repro: ${message}\n`)
  process.exit(2)
}

const fileArg = process.argv[2]
if (!fileArg) fail('usage: npm run repro -- <state file.json> (saved with GET /__mock/state)')
const file = resolve(process.cwd(), fileArg)
let state
try {
  state = JSON.parse(readFileSync(file, 'utf8'))
} catch (error) {
  fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
}
if (state?.version !== 1 || typeof state.product !== 'string' || typeof state.seed !== 'number')
  fail(`${file} is not a mock state file (GET /__mock/state)`)

const saved = state.signInAs ?? { phone: '79000000001', userId: '100001' }
// A phone someone typed is masked in the file; the mock gives that shopper a stand-in (mock-gateway/snapshot.ts).
const shopper = saved.phone.includes('*')
  ? { ...saved, phone: `799${saved.userId.replace(/\D/g, '').padStart(8, '0').slice(-8)}` }
  : saved
const env = { ...process.env, MOCK_STATE: file }
env.PRODUCT ??= state.product
env.MOCK_SEED ??= String(state.seed)
// The shopper of the bug gets e-commerce like the seeded one.
env.ECOM_USER_IDS ??= [...new Set(['100001', shopper.userId])].join(',')
if (env.WEB_GATEWAY_URL || env.ID_GATEWAY_URL)
  fail('unset WEB_GATEWAY_URL and ID_GATEWAY_URL: repro runs the mock gateway')

/** `79000000001` as the phone field shows it: `+7 (900) 000-00-01`. */
const phoneText = (phone) =>
  /^7\d{10}$/.test(phone)
    ? `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`
    : phone

/** Resolves once something listens on the port (false after the timeout). */
function waitForPort(port, host, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  return new Promise((done) => {
    const attempt = () => {
      const socket = connect(port, host)
      socket.once('connect', () => {
        socket.end()
        done(true)
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) done(false)
        else setTimeout(attempt, 200)
      })
    }
    attempt()
  })
}

/** Whether a port on the loopback address can be listened on now. */
function portFree(port) {
  return new Promise((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)))
  })
}

/** A port the system has free now (for the advice). */
function freePort() {
  return new Promise((done) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

// The store, the mock and the metrics listener must find their ports free: say which is taken and
// what to set, rather than print the store's URL and die with EADDRINUSE.
const ports = [
  ['PORT', Number(new URL(storefrontOrigin(env)).port || 80), "the store's"],
  ['MOCK_GATEWAY_PORT', Number(env.MOCK_GATEWAY_PORT ?? 4010), "the mock gateway's"],
  ['METRICS_PORT', Number(env.METRICS_PORT ?? 9464), "the metrics listener's"],
]
const busy = []
for (const [name, port, what] of ports) if (!(await portFree(port))) busy.push([name, port, what])
if (busy.length) {
  const advice = []
  for (const [name] of busy) advice.push(`${name}=${await freePort()}`)
  fail(
    [
      ...busy.map(([name, port, what]) => `port ${port} (${what}, ${name}) is in use, maybe by \`npm start\`.`),
      `Stop what holds it, or choose free ports: ${advice.join(' ')} npm run repro -- ${fileArg}`,
    ].join('\nrepro: '),
  )
}

const child = spawn(process.execPath, [join(root, 'scripts/build/start.mjs')], { env, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))

const origin = storefrontOrigin(env)
const { port } = new URL(origin)
// The first start may build the bundles first.
if (await waitForPort(Number(port), '127.0.0.1', 300_000)) {
  const faults = state.faults?.length ?? 0
  const stubs = state.stubs?.length ?? 0
  process.stdout.write(
    [
      '',
      `repro: the store runs at ${origin} with the mock in the state of ${fileArg}`,
      `repro: mock clock ${state.clock}, ${faults} fault(s), ${stubs} stub(s) in force`,
      `repro: sign in as ${phoneText(shopper.phone)} (user ${shopper.userId}), SMS code ${env.MOCK_OTP_CODE ?? '12345'}`,
      `repro: the mock's control page: http://127.0.0.1:${env.MOCK_GATEWAY_PORT ?? 4010}/__mock/`,
      '',
    ].join('\n'),
  )
} else {
  process.stderr.write(`repro: the store did not start listening on ${origin}\n`)
}
