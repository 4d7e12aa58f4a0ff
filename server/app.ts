/**
 * The storefront as one Fastify app: ecosystem plugins, our plugins, then routes (health, analytics,
 * auth, proxy, static, and the SSR catch-all). Tests build a fresh app per case with `buildApp`.
 */
import { createServer } from 'node:http'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import { constants as zlib } from 'node:zlib'
import type { Config } from './config.ts'
import { LazyChildLogger, loggerOptions } from './logger.ts'
import { requestIdOf } from './request-id.ts'
import { createMetrics, type Metrics } from './metrics.ts'
import { loadManifest, type ClientManifest } from './render/manifest.ts'
import { contextPlugin } from './plugins/context.ts'
import { traceOf, tracingPlugin } from './plugins/tracing.ts'
import { createTracing, type Tracing } from './tracing/tracing.ts'
import { upstreamPlugin } from './plugins/upstream.ts'
import { sharedStatePlugin } from './plugins/shared-state.ts'
import { queryStorePlugin } from './plugins/query-store.ts'
import { sessionPlugin } from './session/plugin.ts'
import { gatewayClientPlugin } from './plugins/gateway-client.ts'
import { securityPlugin } from './plugins/security.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { errorReportPlugin } from './plugins/error-report.ts'
import { cspReportPlugin } from './plugins/csp-report.ts'
import { webVitalsPlugin } from './plugins/web-vitals.ts'
import { healthPlugin } from './plugins/health.ts'
import { analyticsPlugin } from './plugins/analytics.ts'
import { sessionRoutesPlugin } from './session/routes.ts'
import { sessionViewPlugin } from './session/session-view.ts'
import { proxyPlugin, PROXY_BODY_LIMIT } from './plugins/proxy.ts'
import { assetsPlugin } from './plugins/assets.ts'
import { seoPlugin } from './plugins/seo.ts'
import { sitemapPlugin } from './plugins/sitemap.ts'
import { pagesPlugin } from './plugins/pages.ts'
import { loadInlineIcons } from './render/inline-icons.ts'

export interface BuildOptions {
  /** Folder with `client/` (assets and manifest) from `npm run build`; without it no static file is served. */
  distDir?: string
  /** A prepared manifest (tests); read from `distDir` otherwise, so one of the two is needed. */
  manifest?: ClientManifest
  metrics?: Metrics
  /** pino logger options; false silences logs (tests). */
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
  /** The tracing (tests); made from the config's `otlp` otherwise. */
  tracing?: Tracing
}

/** Builds the app; it does not listen (tests call `inject`, main.ts `listen`). */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  if (!options.manifest && !options.distDir) throw new Error('buildApp needs the client build: a distDir or a manifest')
  const manifest = options.manifest ?? loadManifest(options.distDir!)
  const metrics = options.metrics ?? createMetrics()
  const tracing =
    options.tracing ??
    (await createTracing(config.otlp ? { ...config.otlp, serviceVersion: manifest.buildId } : undefined))
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...loggerOptions(config.logLevel, { service: config.serviceName, version: manifest.buildId }),
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Every log line of a request carries its trace: the incoming `traceparent`'s trace id or a new one,
    // the request's span and the trace's flags.
    // The child is made on the first line written (LazyChildLogger), not for every request.
    childLoggerFactory: (logger, bindings, childOptions, rawRequest) =>
      new LazyChildLogger(
        logger,
        () => {
          const trace = traceOf(rawRequest, tracing)
          return {
            ...bindings,
            trace_id: trace.traceId,
            span_id: trace.spanId,
            // As OpenTelemetry's pino instrumentation writes it: `01` sampled, `00` not.
            trace_flags: trace.sampled ? '01' : '00',
          }
        },
        childOptions,
      ) as unknown as FastifyBaseLogger,
    // A client's request id is kept only when it is a UUID or a trace id (load balancer tracing).
    genReqId: (request) => requestIdOf(request.headers),
    trustProxy: config.trustProxy ? config.trustProxy.split(',').map((s) => s.trim()) : false,
    bodyLimit: PROXY_BODY_LIMIT,
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: config.timeouts.headersMs,
          requestTimeout: config.timeouts.requestMs,
          keepAliveTimeout: config.timeouts.keepAliveMs,
          connectionsCheckingInterval: 5_000,
          maxHeaderSize: 16 * 1024,
        },
        handler,
      )
      // A client that sends its request and then shuts its sending side still gets its answer (Node
      // would otherwise abort the request and end the socket at the FIN); the socket ends after it.
      // A client that left entirely is noticed when the answer is written, and the render stops then.
      return Object.assign(server, { httpAllowHalfOpen: true })
    },
  })

  await app.register(cookie)
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Flush per write so the streamed shell reaches the browser before the render finishes.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 }, flush: zlib.BROTLI_OPERATION_FLUSH },
    zlibOptions: { level: 6, flush: zlib.Z_SYNC_FLUSH },
  })
  await app.register(contextPlugin, { config, metrics, buildId: manifest.buildId })
  await app.register(tracingPlugin, { tracing })
  await app.register(upstreamPlugin)
  await app.register(sharedStatePlugin)
  await app.register(queryStorePlugin)
  await app.register(sessionPlugin)
  await app.register(gatewayClientPlugin)
  await app.register(securityPlugin)
  await app.register(metricsPlugin, { metrics })
  await app.register(errorsPlugin)
  await app.register(errorReportPlugin)
  await app.register(cspReportPlugin)
  await app.register(healthPlugin)
  await app.register(analyticsPlugin)
  await app.register(webVitalsPlugin)
  await app.register(sessionRoutesPlugin)
  await app.register(sessionViewPlugin)
  await app.register(proxyPlugin)
  if (options.distDir) await app.register(assetsPlugin, { distDir: options.distDir })
  await app.register(seoPlugin)
  await app.register(sitemapPlugin)
  const inlineIcons = options.distDir ? loadInlineIcons(options.distDir, config.product) : ''
  await app.register(pagesPlugin, { manifest, inlineIcons })
  return app
}
