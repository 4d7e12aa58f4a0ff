/** Runs the built server entry (`dist/server/main.js`) as a child process, as `npm start` and the Procfile do. */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DIST_DIR } from './harness.ts'
import { freePort, waitFor } from './http.ts'

export interface SpawnedServer {
  url: string
  metricsUrl: string
  child: ChildProcess
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>
  /** What the process wrote to stderr so far (for failure messages). */
  stderr(): string
  /** Kills the process if it still runs, and waits for it. */
  stop(): Promise<void>
}

/** The built server entry; the integration suites need `npm run build` first. */
export const SERVER_ENTRY = join(DIST_DIR, 'server', 'main.js')

/** Starts the built server on free ports against the given gateways and waits until `/healthz` answers. */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run the build first`)
  const [port, metricsPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DIST_DIR,
      LOG_LEVEL: 'warn',
      ANTIFRAUD: 'off',
      // Production with a real gateway requires it (server/config.ts).
      SESSION_SECRET: 'spawned-server-session-secret-32-characters',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  )
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  try {
    await waitFor(async () => child.exitCode === null && (await fetch(`${url}/healthz`)).ok, 15_000)
  } catch (error) {
    await stop()
    throw new Error(`the server did not start: ${stderr}`, { cause: error })
  }
  return { url, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child, exited, stderr: () => stderr, stop }
}

/** The server's exit code, or 'late' when it still runs `withinMs` after `signalledAt` (epoch ms). */
export const exitWithin = (server: SpawnedServer, signalledAt: number, withinMs: number): Promise<number | string> =>
  Promise.race([
    server.exited,
    new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), withinMs - (Date.now() - signalledAt))),
  ])
