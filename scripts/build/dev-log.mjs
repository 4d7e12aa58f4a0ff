/**
 * `npm start`'s readable log: the store's and the mock's JSON lines (pino) turned into one short line
 * per request, `10:42:07 store GET /product/10019 200 12 ms`, each process under its own label, and
 * other lines as `time label LEVEL message key=value`. A line that is not JSON passes as it is. JSON
 * stays the format of production (`node dist/server/main.js`) and of `LOG_FORMAT=json npm start`.
 */
import { spawn } from 'node:child_process'

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }
/** Fields every line carries or that a request line already shows. */
const PLAIN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'service', 'version', 'reqId', 'req', 'res'])

const pad2 = (n) => String(n).padStart(2, '0')
const clock = (time) => {
  const at = new Date(typeof time === 'number' ? time : Date.now())
  return `${pad2(at.getHours())}:${pad2(at.getMinutes())}:${pad2(at.getSeconds())}`
}

/** ANSI colours when the terminal takes them. */
export function palette(enabled) {
  const paint = (code) => (text) => (enabled ? `\x1b[${code}m${text}\x1b[0m` : text)
  return { dim: paint(2), red: paint(31), yellow: paint(33), green: paint(32), cyan: paint(36), magenta: paint(35) }
}

const statusColour = (colours, status) =>
  typeof status !== 'number'
    ? colours.red
    : status >= 500
      ? colours.red
      : status >= 400
        ? colours.yellow
        : colours.green

const extras = (line) =>
  Object.entries(line)
    .filter(([key, value]) => !PLAIN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ')

/**
 * A formatter of one process's lines. `label` names it (`store`, `mock `); answers the text to print,
 * or undefined for a line it folds into another (Fastify's "incoming request", shown with its answer).
 */
export function createDevLog(label, colours = palette(false)) {
  const pending = new Map()
  const tag = label === 'store' ? colours.cyan(label) : colours.magenta(label)
  return (text) => {
    let line
    try {
      line = JSON.parse(text)
    } catch {
      return `${colours.dim(clock())} ${tag} ${text}`
    }
    if (line === null || typeof line !== 'object') return `${colours.dim(clock())} ${tag} ${text}`
    const time = colours.dim(clock(line.time))
    // Fastify: "incoming request" names the call, "request completed" answers it.
    if (line.msg === 'incoming request' && line.req) {
      pending.set(line.reqId, line.req)
      if (pending.size > 10_000) pending.delete(pending.keys().next().value)
      return undefined
    }
    if (line.msg === 'request completed' && line.res) {
      const req = pending.get(line.reqId) ?? {}
      pending.delete(line.reqId)
      const status = line.res.statusCode
      return `${time} ${tag} ${req.method ?? '?'} ${req.url ?? '?'} ${statusColour(colours, status)(status)} ${Math.round(line.responseTime ?? 0)} ms`
    }
    // The mock gateway: one "request" line per call.
    if (line.msg === 'request' && line.method && line.path) {
      const rest = extras({ ...line, method: undefined, path: undefined, status: undefined, durationMs: undefined })
      return `${time} ${tag} ${line.method} ${line.path} ${statusColour(colours, line.status)(line.status)} ${line.durationMs ?? 0} ms${rest ? ` ${colours.dim(rest)}` : ''}`
    }
    const level = LEVELS[line.level] ?? 'INFO'
    const levelText = line.level >= 50 ? colours.red(level) : line.level >= 40 ? colours.yellow(level) : level
    const rest = extras(line)
    return `${time} ${tag} ${levelText} ${line.msg ?? ''}${rest ? ` ${colours.dim(rest)}` : ''}`
  }
}

/** Whether a launcher shows readable lines (else the JSON, `LOG_FORMAT=json`). */
export const prettyLogs = (env) => env.LOG_FORMAT !== 'json'

/** The launcher's colours: on a terminal, with readable lines, unless NO_COLOR. */
export const logColours = (env) => palette(prettyLogs(env) && process.stdout.isTTY === true && !env.NO_COLOR)

/** Runs a Node bundle with the launcher's environment, its output formatted under `label` (or as is with JSON). */
export function runLogged(file, label, env) {
  const pretty = prettyLogs(env)
  const child = spawn(process.execPath, [file], { env, stdio: pretty ? ['inherit', 'pipe', 'pipe'] : 'inherit' })
  if (pretty) {
    const format = createDevLog(label, logColours(env))
    pipeLines(child.stdout, format, (text) => process.stdout.write(text))
    pipeLines(child.stderr, format, (text) => process.stderr.write(text))
  }
  return child
}

/** Pipes a child's output through a formatter, line by line. */
export function pipeLines(stream, format, write) {
  let buffered = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    buffered += chunk
    let newline
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, newline)
      buffered = buffered.slice(newline + 1)
      if (text.trim() === '') continue
      const out = format(text)
      if (out !== undefined) write(`${out}\n`)
    }
  })
  stream.on('end', () => {
    if (buffered.trim()) write(`${format(buffered) ?? ''}\n`)
  })
}

/** The seed shoppers of the mock (mock-gateway/README.md), for the start banner. */
const SEED_SHOPPERS = [
  ['+7 (900) 000-00-01', 'Анна: full profile, orders, cards, e-commerce'],
  ['+7 (900) 000-00-02', 'profile without a first name'],
  ['+7 (900) 000-00-03', 'Ольга: no loyalty card'],
  ['+7 (900) 000-00-09', 'not registered; registration answers 409'],
]

/** The short banner `npm start` prints once the store listens. */
export function startBanner({ storeUrl, mockUrl, metricsUrl, otpCode }, colours = palette(false)) {
  const row = (name, value) => `  ${name.padEnd(14)} ${value}`
  return [
    '',
    colours.green('Аврора is running'),
    row('store', storeUrl),
    ...(mockUrl ? [row('mock gateway', mockUrl), row('control page', `${mockUrl}/__mock/`)] : []),
    row('metrics', metricsUrl),
    ...(mockUrl
      ? [
          row('seed shoppers', `SMS code ${otpCode} for every phone`),
          ...SEED_SHOPPERS.map(([phone, what]) => row('', `${phone}  ${what}`)),
        ]
      : []),
    colours.dim('  logs: one line per request; LOG_FORMAT=json npm start for the JSON lines'),
    '',
  ].join('\n')
}
