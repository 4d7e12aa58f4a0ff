#!/usr/bin/env node
/**
 * `npm run prod-shape`: the production shape on one machine, without Docker (DESIGN.md section 6):
 * nginx (deploy/nginx/storefront.conf.template, sticky by a cookie hash) balancing two storefront
 * replicas, redis-server (password, append-only file, noeviction, as deploy/redis.yaml) and its exporter,
 * the mock gateway, Prometheus scraping both replicas and the exporter and evaluating deploy/monitoring's
 * rules, and Alertmanager routing the alerts as deploy/monitoring/alertmanager.yml does. Every port is free when chosen; the
 * URLs are printed; Ctrl-C stops everything it started. Debian's packages are installed when missing
 * and running as root. `--fast`: the chaos rules (windows and `for:` divided by 60, scripts/ops/monitoring.mjs).
 *
 * `startProdShape()` is what `npm run chaos` and its test use: it also kills and restarts Redis and replicas.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { alertmanagerConfigYaml, prometheusConfigYaml, rulesYaml } from './monitoring.mjs'
import { renderNginxConfig } from './nginx-config.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The Debian packages of each program. */
const PROGRAMS = {
  nginx: { path: '/usr/sbin/nginx', pkg: 'nginx' },
  'redis-server': { path: '/usr/bin/redis-server', pkg: 'redis-server' },
  prometheus: { path: '/usr/bin/prometheus', pkg: 'prometheus' },
  alertmanager: { path: '/usr/bin/prometheus-alertmanager', pkg: 'prometheus-alertmanager' },
  'redis-exporter': { path: '/usr/bin/prometheus-redis-exporter', pkg: 'prometheus-redis-exporter' },
}

/** Installs the missing programs with apt as root; otherwise says what to install. */
export function ensurePrograms(log = console.log) {
  const missing = Object.values(PROGRAMS).filter((program) => !existsSync(program.path))
  if (missing.length === 0) return
  const pkgs = missing.map((program) => program.pkg)
  if (process.getuid?.() !== 0)
    throw new Error(`missing programs: install them with: sudo apt-get install -y ${pkgs.join(' ')}`)
  log(`installing Debian packages: ${pkgs.join(' ')}`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', timeout: 300_000 })
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], {
          stdio: 'inherit',
          env,
          timeout: 600_000,
        })
      : update
  if (install.status !== 0) throw new Error(`apt-get install ${pkgs.join(' ')} failed`)
}

/** A port nothing listens on right now (the kernel's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * A free loopback port per name, all different: each is held until all are picked (ports picked one by
 * one, each released at once, can come back twice).
 */
async function freePorts(names) {
  const servers = []
  try {
    for (let index = 0; index < names.length; index++) {
      const server = createServer()
      servers.push(server)
      await new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(0, '127.0.0.1', resolve)
      })
    }
    return Object.fromEntries(names.map((name, index) => [name, servers[index].address().port]))
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))))
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** The last lines a started program wrote (its log file), to say why it exited. */
function logTail(file) {
  if (!file || !existsSync(file)) return ''
  return `; its log ends:\n${readFileSync(file, 'utf8').split('\n').slice(-12).join('\n')}`
}

/** Resolves once `url` answers `ok(status)` (200 by default); rejects after the timeout. */
export async function waitForHttp(url, { timeoutMs = 30_000, ok = (status) => status === 200, child } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: its process exited (${child.exitCode})${logTail(child.logFile)}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.body?.cancel()
      if (ok(response.status)) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await sleep(200)
  }
}

/** Builds the store when dist/ lacks it. */
function ensureBuild(log) {
  if (existsSync(join(root, 'dist/server/main.js')) && existsSync(join(root, 'dist/mock-gateway/index.js'))) return
  log('building (npm run build)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 600_000 })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/**
 * Starts the production shape. Options: `fast` (chaos rules), `log` (progress lines), `quietLogs`
 * (children's output to files only; the default too). Returns its URLs and controls.
 */
export async function startProdShape({ fast = false, log = () => {}, storeEnv = {} } = {}) {
  ensurePrograms(log)
  ensureBuild(log)
  const dir = mkdtempSync(join(tmpdir(), 'prod-shape-'))
  // nginx's workers run as nobody when started by root: they must reach its temp folders.
  chmodSync(dir, 0o755)
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, `${kind}_temp`))
    chmodSync(join(dir, `${kind}_temp`), 0o777)
  }
  const ports = await freePorts([
    'nginx',
    'mock',
    'redis',
    'prometheus',
    'alertmanager',
    'storeA',
    'metricsA',
    'storeB',
    'metricsB',
    'redisExporter',
  ])

  const children = new Map()
  let stopping = false
  const start = (name, command, args, env = process.env) => {
    const out = openSync(join(dir, `${name}.log`), 'a')
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out] })
    child.logFile = join(dir, `${name}.log`)
    children.set(name, child)
    child.once('exit', (code, signal) => {
      if (!stopping && children.get(name) === child) log(`${name} exited (${code ?? signal})`)
    })
    return child
  }
  const stopChild = async (name, signal = 'SIGTERM') => {
    const child = children.get(name)
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill(signal)
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000)
    await exited
    clearTimeout(timer)
  }

  const origin = `http://127.0.0.1:${ports.nginx}`
  const replicas = [
    { name: 'store-a', port: ports.storeA, metricsPort: ports.metricsA },
    { name: 'store-b', port: ports.storeB, metricsPort: ports.metricsB },
  ]
  const urls = {
    shop: `${origin}/`,
    replicas: replicas.map((replica) => `http://127.0.0.1:${replica.port}/`),
    metrics: replicas.map((replica) => `http://127.0.0.1:${replica.metricsPort}/metrics`),
    mock: `http://127.0.0.1:${ports.mock}`,
    redis: `redis://127.0.0.1:${ports.redis}/0`,
    redisExporter: `http://127.0.0.1:${ports.redisExporter}/metrics`,
    prometheus: `http://127.0.0.1:${ports.prometheus}`,
    alertmanager: `http://127.0.0.1:${ports.alertmanager}`,
    logs: dir,
  }

  // As in the cluster (deploy/redis.yaml): a password, the append-only file every second, noeviction.
  // The replicas share one session key, as SESSION_SECRET from the cluster's Secret.
  const redisPassword = randomBytes(16).toString('hex')
  const sessionSecret = randomBytes(32).toString('hex')
  const redisUrl = `redis://:${redisPassword}@127.0.0.1:${ports.redis}/0`
  /** redis-cli against this Redis (its password from the environment, never in the arguments). */
  const redisCli = (...args) =>
    spawnSync('redis-cli', ['-p', String(ports.redis), ...args], {
      encoding: 'utf8',
      timeout: 5_000,
      env: { ...process.env, REDISCLI_AUTH: redisPassword },
    })
  const startRedis = async () => {
    start('redis', PROGRAMS['redis-server'].path, [
      '--port',
      String(ports.redis),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      redisPassword,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory',
      '96mb',
      '--maxmemory-policy',
      'noeviction',
      '--dir',
      dir,
    ])
    const deadline = Date.now() + 10_000
    for (;;) {
      const ping = redisCli('ping')
      if (ping.stdout?.trim() === 'PONG') return
      if (Date.now() > deadline) throw new Error('redis-server did not start')
      await sleep(100)
    }
  }
  const startReplica = async (index) => {
    const replica = replicas[index]
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(replica.port),
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: String(replica.metricsPort),
      MOCK_GATEWAY_PORT: String(ports.mock),
      REDIS_URL: redisUrl,
      // Both replicas sign sessions with one key (decision 026): one random value per run.
      SESSION_SECRET: process.env.SESSION_SECRET ?? sessionSecret,
      PUBLIC_ORIGIN: origin,
      // Only nginx talks to the replicas: it names the client in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      ECOM_USER_IDS: '100001',
      LOG_LEVEL: 'info',
      ...storeEnv,
    }
    delete env.WEB_GATEWAY_URL
    delete env.ID_GATEWAY_URL
    const child = start(replica.name, process.execPath, [join(root, 'dist/server/main.js')], env)
    await waitForHttp(`http://127.0.0.1:${replica.port}/readyz`, { child })
  }

  const stop = async () => {
    stopping = true
    await Promise.all([...children.keys()].map((name) => stopChild(name)))
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  }
  // A launcher that dies leaves nothing behind.
  const onExit = () => {
    for (const child of children.values()) if (child.exitCode === null) child.kill('SIGKILL')
  }
  process.once('exit', onExit)

  try {
    log(`starting in ${dir}`)
    // For an operator's redis-cli: `set -a; . <dir>/redis.env; redis-cli -p <port>`.
    writeFileSync(join(dir, 'redis.env'), `REDISCLI_AUTH=${redisPassword}\n`, { mode: 0o600 })
    await startRedis()
    const mock = start('mock', process.execPath, [join(root, 'dist/mock-gateway/index.js')], {
      ...process.env,
      MOCK_GATEWAY_HOST: '127.0.0.1',
      MOCK_GATEWAY_PORT: String(ports.mock),
      MOCK_STOREFRONT_ORIGIN: origin,
      ECOM_USER_IDS: '100001',
    })
    await waitForHttp(`${urls.mock}/__mock/health`, { child: mock })
    await Promise.all(replicas.map((_, index) => startReplica(index)))
    // The Redis exporter (Debian's prometheus-redis-exporter), as the sidecar of deploy/redis.yaml.
    const exporter = start(
      'redis-exporter',
      PROGRAMS['redis-exporter'].path,
      [`-web.listen-address=127.0.0.1:${ports.redisExporter}`],
      { ...process.env, REDIS_ADDR: `redis://127.0.0.1:${ports.redis}`, REDIS_PASSWORD: redisPassword },
    )
    await waitForHttp(urls.redisExporter, { child: exporter })

    writeFileSync(
      join(dir, 'nginx.conf'),
      renderNginxConfig({
        listen: `127.0.0.1:${ports.nginx}`,
        servers: replicas.map((replica) => `127.0.0.1:${replica.port}`),
        dir,
      }),
    )
    const nginx = start('nginx', PROGRAMS.nginx.path, [
      '-p',
      dir,
      '-c',
      join(dir, 'nginx.conf'),
      '-e',
      join(dir, 'nginx-error.log'),
      '-g',
      'daemon off;',
    ])
    await waitForHttp(`${origin}/healthz`, { child: nginx })

    const rulesFile = join(dir, fast ? 'storefront.fast.rules.yml' : 'storefront.rules.yml')
    writeFileSync(rulesFile, rulesYaml({ fast }))
    writeFileSync(join(dir, 'alertmanager.yml'), alertmanagerConfigYaml({ fast }))
    const alertmanager = start('alertmanager', PROGRAMS.alertmanager.path, [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--storage.path=${join(dir, 'alertmanager-data')}`,
      `--web.listen-address=127.0.0.1:${ports.alertmanager}`,
      '--cluster.listen-address=',
    ])
    await waitForHttp(`${urls.alertmanager}/-/ready`, { child: alertmanager })
    writeFileSync(
      join(dir, 'prometheus.yml'),
      prometheusConfigYaml({
        targets: replicas.map((replica) => `127.0.0.1:${replica.metricsPort}`),
        redisExporter: `127.0.0.1:${ports.redisExporter}`,
        rulesFile,
        alertmanager: `127.0.0.1:${ports.alertmanager}`,
        fast,
      }),
    )
    const prometheus = start('prometheus', PROGRAMS.prometheus.path, [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${ports.prometheus}`,
      '--storage.tsdb.retention.time=1d',
    ])
    await waitForHttp(`${urls.prometheus}/-/ready`, { child: prometheus })
  } catch (error) {
    await stop()
    throw error
  }

  return {
    urls,
    dir,
    stop,
    killRedis: () => stopChild('redis', 'SIGKILL'),
    startRedis,
    redisCli,
    killReplica: (index) => stopChild(replicas[index].name, 'SIGKILL'),
    startReplica,
    replicas: replicas.map((replica) => ({ ...replica, instance: `127.0.0.1:${replica.metricsPort}` })),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fast = process.argv.includes('--fast')
  const shape = await startProdShape({ fast, log: (line) => console.log(line) })
  const { urls } = shape
  console.log(`
production shape is up${fast ? ' (fast chaos rules)' : ''}:
  shop (nginx, sticky)   ${urls.shop}
  replicas               ${urls.replicas.join('  ')}
  replica metrics        ${urls.metrics.join('  ')}
  mock gateway           ${urls.mock}  (fault switches: ${urls.mock}/__mock/faults)
  redis                  ${urls.redis}  (password: REDISCLI_AUTH in ${urls.logs}/redis.env)
  redis exporter         ${urls.redisExporter}
  prometheus             ${urls.prometheus}/alerts
  alertmanager           ${urls.alertmanager}
  logs and configs       ${urls.logs}
Ctrl-C stops everything.`)
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      console.log('stopping…')
      shape.stop().then(() => process.exit(0))
    })
}
