/**
 * Several storefront replicas on one gateway, as production runs them behind a load balancer: the
 * real mock gateway, a counting pass-through in front of it (so a test can count the calls the
 * gateway received, per path), and N storefront apps listening on free loopback ports.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { startMockGateway, type RunningMockGateway } from '#mock/index.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createMetrics, type Metrics } from '../metrics.ts'
import { writeClientFixture } from './client-fixture.ts'

/** One running storefront replica. */
export interface Replica {
  url: string
  app: FastifyInstance
  metrics: Metrics
}

/** The replicas, the mock gateway behind them, and the count of calls it received. */
export interface ReplicaSet {
  replicas: Replica[]
  /** The mock gateway's own origin (for `/__mock/*` switches). */
  mockUrl: string
  mock: RunningMockGateway
  /** Requests the gateway received whose path ends with `suffix`. */
  gatewayCalls(suffix: string): number
  /** Starts one more replica on the same gateway and `env` (a replica started later, knowing nothing in process). */
  add(): Promise<Replica>
  close(): Promise<void>
}

/** A pass-through to `target` that records every request path. */
async function startCountingProxy(target: string): Promise<{ url: string; paths: string[]; server: Server }> {
  const { hostname, port } = new URL(target)
  const paths: string[] = []
  const server = createServer((req, res) => {
    paths.push((req.url ?? '/').split('?')[0]!)
    const upstream = httpRequest(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server }
}

/** The session key every replica of a set shares (required with REDIS_URL). */
export const REPLICA_SESSION_SECRET = 'replicas-share-this-session-secret-0123456789'

/** Starts the mock gateway and `count` storefront replicas sharing `env` (e.g. one `REDIS_URL`). */
export async function startReplicas(options: {
  count: number
  env?: Record<string, string>
  mock?: Record<string, unknown>
}): Promise<ReplicaSet> {
  const mock = await startMockGateway({
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    ...options.mock,
  })
  const proxy = await startCountingProxy(mock.url)
  const fixture = writeClientFixture()
  const replicas: Replica[] = []
  const close = async () => {
    await Promise.all(replicas.map((replica) => replica.app.close()))
    await new Promise<void>((resolve) => {
      proxy.server.close(() => resolve())
      proxy.server.closeAllConnections()
    })
    await mock.close()
    fixture.remove()
  }
  const add = async (): Promise<Replica> => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      WEB_GATEWAY_URL: `${proxy.url}/webgate`,
      ID_GATEWAY_URL: `${proxy.url}/aurora-id`,
      ANTIFRAUD: 'off',
      // Replicas share the key of the session proof (decision 026), as SESSION_SECRET does in production.
      SESSION_SECRET: REPLICA_SESSION_SECRET,
      LOG_LEVEL: 'silent',
      ...options.env,
    })
    const metrics = createMetrics({ defaultMetrics: false })
    const app = await buildApp(config, { distDir: fixture.distDir, metrics, logger: false })
    const replica: Replica = { url: '', app, metrics }
    replicas.push(replica)
    await app.listen({ port: 0, host: '127.0.0.1' })
    replica.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    return replica
  }
  try {
    for (let i = 0; i < options.count; i++) await add()
  } catch (error) {
    await close()
    throw error
  }
  return {
    replicas,
    mockUrl: mock.url,
    mock,
    gatewayCalls: (suffix) => proxy.paths.filter((path) => path.endsWith(suffix)).length,
    add,
    close,
  }
}

/** The value of `redis_fallbacks_total{what}` in one replica's registry. */
export async function redisFallbacks(metrics: Metrics, what: string): Promise<number> {
  const metric = await metrics.redisFallbacks.get()
  return metric.values.filter((v) => v.labels.what === what).reduce((sum, v) => sum + v.value, 0)
}
