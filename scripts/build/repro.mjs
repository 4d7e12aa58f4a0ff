#!/usr/bin/env node
/**
 * `npm run repro -- bug.json`: starts the store and the mock gateway (as `npm start` does) with the
 * mock in the state a bug report carries (`curl localhost:4010/__mock/state > bug.json`), then prints
 * the store's URL and the shopper to sign in as. Ctrl+C stops both.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
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

const shopper = state.signInAs ?? { phone: '79000000001', userId: '100001' }
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
