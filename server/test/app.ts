/**
 * One storefront app per test without a listener: requests go through Fastify's `inject`, the gateway
 * is the real mock gateway on a free loopback port (or any upstream the test names in `env`). No build
 * is needed: the client is the small fixture of client-fixture.ts. Tests of what needs a real socket
 * (drain, half-close, raw HTTP/1.0, streaming, replicas) use harness.ts, or `listen()` here.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { startMockGateway } from '#mock/index.ts'
import { buildApp } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { createMetrics, type Metrics } from '../metrics.ts'
import { writeClientFixture } from './client-fixture.ts'
import { BROWSER_UA, type RawResponse } from './http.ts'

/** The origin the injected requests come from (their Host header); `origin` headers use it. */
export const TEST_APP_ORIGIN = 'http://storefront.test'

/** What a test sends: any method, any headers (the target is used as written), a body. */
export interface InjectInit {
  method?: string
  headers?: Record<string, string | string[]>
  body?: string | Buffer | null
  /** Accepted for code written against fetch; an injected request never follows a redirect. */
  redirect?: 'manual'
}

export interface TestApp {
  /** The origin the requests come from (`TEST_APP_ORIGIN`), for `origin` headers. */
  url: string
  /** Mock gateway origin. */
  mockUrl: string
  app: FastifyInstance
  config: Config
  metrics: Metrics
  /** One request, answered with the status, the headers and the body as sent (never decoded; `bytes` for binary). */
  request(target: string, init?: InjectInit): Promise<RawResponse & { bytes: Buffer }>
  /** The same as a fetch `Response` (redirects not followed), for code written against fetch. */
  fetch(target: string, init?: InjectInit): Promise<Response>
  /** Starts a real listener on a free loopback port (for the few checks that need a socket); answers its origin. */
  listen(): Promise<string>
  /** Stops the mock gateway (the storefront keeps running). */
  stopGateway(): Promise<void>
  close(): Promise<void>
}

/** Builds a fresh app on the mock gateway; `env` overrides the storefront's environment, `mock` the mock's options. */
export async function startTestApp(
  options: { env?: Record<string, string>; mock?: Record<string, unknown> } = {},
): Promise<TestApp> {
  const mock = await startMockGateway({
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    ...options.mock,
  })
  const fixture = writeClientFixture()
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
  const app = await buildApp(config, { distDir: fixture.distDir, metrics, logger: false })
  await app.ready()
  let mockOpen = true
  const stopGateway = async () => {
    if (mockOpen) await mock.close()
    mockOpen = false
  }
  const request = async (target: string, init: InjectInit = {}): Promise<RawResponse & { bytes: Buffer }> => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: target,
      headers: { host: new URL(TEST_APP_ORIGIN).host, 'user-agent': BROWSER_UA, ...init.headers },
      ...(init.body === undefined || init.body === null ? {} : { payload: init.body }),
    })
    return {
      status: response.statusCode,
      headers: response.headers as IncomingHttpHeaders,
      body: response.rawPayload.toString('utf8'),
      bytes: response.rawPayload,
    }
  }
  return {
    url: TEST_APP_ORIGIN,
    mockUrl: mock.url,
    app,
    config,
    metrics,
    request,
    async fetch(target, init = {}) {
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: target,
        // Node's fetch says `node` (a crawler to the server) and accepts compressed bodies it then decodes.
        headers: { host: new URL(TEST_APP_ORIGIN).host, 'user-agent': 'node', ...init.headers },
        ...(init.body === undefined || init.body === null ? {} : { payload: init.body }),
      })
      const headers = new Headers()
      for (const [name, value] of Object.entries(response.headers)) {
        for (const item of ([] as Array<string | number>).concat(value ?? [])) headers.append(name, String(item))
      }
      const empty = init.method === 'HEAD' || [101, 204, 205, 304].includes(response.statusCode)
      return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers })
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address()
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    },
    stopGateway,
    close: async () => {
      await app.close()
      await stopGateway()
      fixture.remove()
    },
  }
}
