/**
 * A real `redis-server` for the tests (DESIGN.md section 6: never a mock of it): started on a free
 * loopback port without persistence, stopped by `stop()`. `npm test` installs Debian's package when
 * it is missing (scripts/build/ensure-redis.mjs); a test run alone says what to install.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { freePort, waitFor } from './http.ts'

/** The server binary: `REDIS_SERVER_PATH`, else Debian's. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

/** A running test Redis. */
export interface TestRedis {
  /** `redis://127.0.0.1:PORT` */
  url: string
  port: number
  /** Kills the server at once (SIGKILL), as a crash or a lost node would; resolves once it is gone. */
  kill(): Promise<void>
  /** Stops the server if it still runs. */
  stop(): Promise<void>
}

/** Sends one inline command and resolves with the first reply line. */
export function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${command}\r\n`))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
      if (text.includes('\r\n')) {
        resolve(text.slice(0, text.indexOf('\r\n')))
        socket.destroy()
      }
    })
    socket.on('error', reject)
    socket.setTimeout(2_000, () => {
      socket.destroy()
      reject(new Error('redis did not answer'))
    })
  })
}

/** Starts `redis-server` on a free loopback port (or `port`, to restart one) with extra `args`, and waits until it answers PING. */
export async function startRedis(options: { port?: number; args?: readonly string[] } = {}): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} is missing: install it with "sudo apt-get install -y redis-server" (or set REDIS_SERVER_PATH)`,
    )
  }
  const port = options.port ?? (await freePort())
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
      // Later options win: a test may turn persistence on or cap the memory (`--maxmemory`).
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  try {
    await waitFor(async () => (await redisCommand(port, 'PING')) === '+PONG', 10_000)
  } catch (error) {
    await kill()
    throw new Error(`redis-server did not start: ${stderr}`, { cause: error })
  }
  return { url: `redis://127.0.0.1:${port}`, port, kill, stop: kill }
}
