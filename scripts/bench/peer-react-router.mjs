/**
 * React Router 7's category page from ../shared/peer-bench, started on free loopback ports for the
 * browser bench's main-thread trace. The shared folder stays as it is: its React Router app, JSON API
 * and page are copied to bench/peer-rr/ with only React Router's dependencies (the versions of the
 * peer bench's lockfile), installed and built there once; later runs reuse that build.
 */
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ROOT, freePort, stop, stoppedOnExit, waitFor } from './bench-lib.mjs'

const PEER_DIR = resolve(ROOT, process.env.PEER_BENCH_DIR ?? '../shared/peer-bench')
const RUN_DIR = join(ROOT, 'bench/peer-rr')
const DEPENDENCIES = [
  '@react-router/dev',
  '@react-router/express',
  '@react-router/node',
  'express',
  'isbot',
  'react',
  'react-dom',
  'react-router',
  'vite',
]

function run(command, args, cwd, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 600_000,
  })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

/** Copies, installs and builds the React Router peer once; true when it is ready. */
function prepare() {
  if (existsSync(join(RUN_DIR, 'rr/build/server/index.js'))) return
  if (!existsSync(join(PEER_DIR, 'rr'))) throw new Error(`${PEER_DIR} has no React Router app (rr/)`)
  for (const dir of ['rr', 'api', 'shared']) cpSync(join(PEER_DIR, dir), join(RUN_DIR, dir), { recursive: true })
  const pkg = JSON.parse(readFileSync(join(PEER_DIR, 'package.json'), 'utf8'))
  pkg.name = 'peer-react-router'
  pkg.dependencies = Object.fromEntries(DEPENDENCIES.map((name) => [name, pkg.dependencies[name]]))
  writeFileSync(join(RUN_DIR, 'package.json'), JSON.stringify(pkg, null, 2))
  copyFileSync(join(PEER_DIR, 'package-lock.json'), join(RUN_DIR, 'package-lock.json'))
  process.stderr.write(`installing and building React Router's peer page in ${RUN_DIR}\n`)
  run('npm', ['install', '--no-audit', '--no-fund'], RUN_DIR)
  run(process.execPath, ['../node_modules/@react-router/dev/bin.js', 'build'], join(RUN_DIR, 'rr'), {
    NODE_ENV: 'production',
  })
}

/** Starts the peer's JSON API and React Router server; resolves the category page's URL and a stop function. */
export async function startPeerCategory() {
  prepare()
  const [apiPort, port] = await Promise.all([freePort(), freePort()])
  const children = []
  const start = (args, cwd, env) => {
    const child = stoppedOnExit(
      spawn(process.execPath, args, {
        cwd,
        env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
        stdio: 'ignore',
      }),
    )
    children.push(child)
    return child
  }
  const stopAll = async () => {
    for (const child of children.reverse()) await stop(child)
  }
  try {
    const api = start(['api/server.mjs'], RUN_DIR, { API_PORT: String(apiPort) })
    await waitFor(`http://127.0.0.1:${apiPort}/categories/1/goods?page=1`, { child: api })
    const server = start(['server.mjs'], join(RUN_DIR, 'rr'), {
      PORT: String(port),
      API_ORIGIN: `http://127.0.0.1:${apiPort}`,
    })
    const url = `http://127.0.0.1:${port}/catalog/1-ukhod-za-litsom`
    await waitFor(url, { child: server })
    return { url, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
