/**
 * Integration harness: the real mock gateway and a real storefront app, both listening on free
 * loopback ports in this process. Each test gets its own pair; `close()` stops both.
 */
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { startMockGateway } from '#mock/index.ts'
import { buildApp } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { createMetrics, type Metrics } from '../metrics.ts'

export interface TestStack {
  /** Storefront origin, e.g. http://127.0.0.1:41234 */
  url: string
  /** Mock gateway origin. */
  mockUrl: string
  app: FastifyInstance
  config: Config
  metrics: Metrics
  /** Stops the mock gateway (the storefront keeps running). */
  stopGateway(): Promise<void>
  close(): Promise<void>
}

/** The built client (run `npm run build` first; `npm test` does). */
export const DIST_DIR = join(import.meta.dirname, '..', '..', process.env.DIST_DIR ?? 'dist')

/** Starts a mock gateway and a storefront; `env` overrides the storefront's environment, `mock` the mock's options. */
export async function startTestStack(options: { env?: Record<string, string>; mock?: Record<string, unknown> } = {}): Promise<TestStack> {
  const mock = await startMockGateway({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), ...options.mock })
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    WEB_GATEWAY_URL: `${mock.url}/webgate`,
    ID_GATEWAY_URL: `${mock.url}/aurora-id`,
    ANTIFRAUD: 'off',
    ECOM_USER_IDS: '100001',
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  const metrics = createMetrics({ defaultMetrics: false })
  const app = await buildApp(config, { distDir: DIST_DIR, metrics, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  let mockOpen = true
  const stopGateway = async () => {
    if (mockOpen) await mock.close()
    mockOpen = false
  }
  return {
    url: `http://127.0.0.1:${port}`,
    mockUrl: mock.url,
    app,
    config,
    metrics,
    stopGateway,
    close: async () => {
      await app.close()
      await stopGateway()
    },
  }
}
