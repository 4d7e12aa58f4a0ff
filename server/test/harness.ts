/**
 * Real-socket harness: the real mock gateway and a storefront app, both listening on free loopback
 * ports in this process, for what needs a socket (raw bytes and request targets, half-close, streaming,
 * keep-alive). It is the app of server/test/app.ts (client fixture, no build needed) put on a listener.
 * Each test gets its own pair; `close()` stops both. Checks of one request use `startTestApp` instead.
 */
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import type { Metrics } from '../metrics.ts'
import { startTestApp } from './app.ts'

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

/** The built app (run `npm run build` first): only the tests that spawn dist/server/main.js need it. */
export const DIST_DIR = join(import.meta.dirname, '..', '..', process.env.DIST_DIR ?? 'dist')

/** Starts a mock gateway and a listening storefront; `env` overrides the storefront's environment, `mock` the mock's options. */
export async function startTestStack(
  options: { env?: Record<string, string>; mock?: Record<string, unknown> } = {},
): Promise<TestStack> {
  const test = await startTestApp(options)
  const url = await test.listen()
  return {
    url,
    mockUrl: test.mockUrl,
    app: test.app,
    config: test.config,
    metrics: test.metrics,
    stopGateway: test.stopGateway,
    close: test.close,
  }
}
