/**
 * The Redis connection shared by the replicas' coordination (DESIGN.md section 6). Every call is
 * bounded: a connect timeout, a command timeout, no offline queue (a command while disconnected fails
 * at once instead of waiting for a reconnect), one retry per command. The client connects in the
 * background, so a server whose Redis is down still starts and serves; callers treat any error as
 * "Redis unavailable" and degrade.
 */
import { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'

/** What the server needs to reach its Redis. */
export interface RedisSettings {
  /** `redis://` or `rediss://` URL (it may carry a password: never log it). */
  url: string
  /** Upper bound of one command's round trip; the connect timeout is twice it. */
  timeoutMs: number
}

/** Reconnection back-off: 100 ms, growing to at most 2 s, for as long as the process lives. */
const reconnectDelay = (attempt: number): number => Math.min(100 * attempt, 2_000)

/** Creates the client; it starts connecting at once (see `awaitRedisReady` for start-up). */
export function createRedisClient(settings: RedisSettings, log: FastifyBaseLogger): Redis {
  const client = new Redis(settings.url, {
    connectTimeout: settings.timeoutMs * 2,
    commandTimeout: settings.timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
    // Readiness is the INFO round trip ioredis does after connecting; keep it, it catches a loading Redis.
    enableReadyCheck: true,
    // A reconnect would otherwise replay commands whose callers have already given up.
    autoResendUnfulfilledCommands: false,
    lazyConnect: false,
  })
  // Log state changes once each, not every failed reconnect attempt.
  let up = false
  let warned = false
  client.on('ready', () => {
    up = true
    warned = false
    log.info('redis ready')
  })
  client.on('error', (error: Error) => {
    if (up || !warned)
      log.warn(
        { err: { message: error.message } },
        'redis unavailable: OTP sends refused, token refresh coordinated per process',
      )
    up = false
    warned = true
  })
  return client
}

/**
 * Waits until the client is ready, for at most its connect timeout (twice `timeoutMs`), and never
 * fails: start-up calls it so that a replica whose Redis is up does not refuse its first code sends
 * (no offline queue: a command before `ready` fails at once), while a replica whose Redis is down
 * still starts, one connect timeout later, and degrades as section 6 of DESIGN.md says.
 */
export async function awaitRedisReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return true
  let onReady: (() => void) | undefined
  let timer: NodeJS.Timeout | undefined
  const ready = new Promise<boolean>((resolve) => {
    onReady = () => resolve(true)
    client.once('ready', onReady)
    timer = setTimeout(() => resolve(false), timeoutMs * 2)
  })
  try {
    return await ready
  } finally {
    clearTimeout(timer)
    client.off('ready', onReady!)
  }
}

/** Closes the connection without waiting on a Redis that may be gone. */
export async function closeRedisClient(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'end') return
  const quit = client.quit().then(
    () => undefined,
    () => undefined,
  )
  const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())
  await Promise.race([quit, timer])
  client.disconnect()
}
