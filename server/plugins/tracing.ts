/**
 * The request's trace (server/tracing/): `request.trace`, made once per request from its `traceparent`
 * and `tracestate` headers (app.ts's logger factory makes it first, so the request's log lines carry
 * `trace_id` and `span_id`), and, while tracing is on, the request's span ended with OpenTelemetry's
 * HTTP server attributes (`http.route` the route's template, `url.scheme`, `server.address`,
 * `client.address`, `user_agent.original`, …), and the request's code run inside its trace so Redis
 * commands find their parent. Health probes keep their trace ids for logs but export no span.
 * `request.routeTemplate` is the route's template, also on the request's completion log line.
 */
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { RouteMatch } from '#shared/routing/rules.ts'
import { redactText } from '../logger.ts'
import { noTracing, type RequestTrace, type Tracing } from '../tracing/tracing.ts'

declare module 'fastify' {
  interface FastifyInstance {
    tracing: Tracing
  }
  interface FastifyRequest {
    /** This request's place in its trace: ids for logs, the `traceparent` its gateway calls carry. */
    trace: RequestTrace
    /**
     * The matched route's template in OpenTelemetry's form (`/catalog/{category}-{slug}`,
     * `/webgate/v2/goods/{id}`): the span's `http.route` and the completion line's `route`; undefined for
     * a path no route matches.
     */
    routeTemplate: string | undefined
  }
}

/** A route pattern (`:name` segments, Fastify's or the page table's) as a template: `{name}`. */
export const toRouteTemplate = (pattern: string): string => pattern.replace(/:(\w+)\??/g, '{$1}')

/** Each page route's patterns, longest first, with their parameters' names and their templates. */
const patternsOf = new WeakMap<RouteMatch['route'], ReadonlyArray<{ names: string[]; template: string }>>()

/**
 * The template of a matched page: the route's pattern whose every parameter the match has (the
 * patterns run from the longest, `/catalog/:category-:slug`, to the shortest, `/catalog/:category`).
 * The patterns are read once per route, not per request.
 */
export function pageRouteTemplate(match: RouteMatch): string {
  let patterns = patternsOf.get(match.route)
  if (!patterns) {
    patterns = match.route.patterns.map((pattern) => ({
      names: [...pattern.matchAll(/:(\w+)/g)].map(([, name]) => name!),
      template: toRouteTemplate(pattern),
    }))
    patternsOf.set(match.route, patterns)
  }
  const fits = (names: string[]) => names.every((name) => match.params[name] !== undefined && match.params[name] !== '')
  return (patterns.find(({ names }) => fits(names)) ?? patterns[patterns.length - 1]!).template
}

/** Probes of the kubelet and the balancers: traced for their log lines, never exported as spans. */
const PROBES = new Set(['/healthz', '/readyz'])

const TRACE = Symbol('storefront.trace')

/** The trace of a raw request, made on first use. */
export function traceOf(raw: IncomingMessage, tracing: Tracing): RequestTrace {
  const holder = raw as IncomingMessage & { [TRACE]?: RequestTrace }
  const source = PROBES.has(raw.url ?? '') ? noTracing : tracing
  return (holder[TRACE] ??= source.startRequest(raw.headers.traceparent, raw.method ?? 'GET', raw.headers.tracestate))
}

/** Decorates requests with their trace; with tracing on, ends their spans. */
export const tracingPlugin = fp(
  async (app, opts: { tracing: Tracing }) => {
    const { tracing } = opts
    app.decorate('tracing', tracing)
    app.decorateRequest('trace', null as unknown as RequestTrace)
    app.decorateRequest('routeTemplate', undefined)
    // Fastify's own routes; the pages and the proxy name theirs when they match (their Fastify route is
    // a catch-all).
    const templateOf = (request: FastifyRequest) => {
      const url = request.routeOptions.url
      return url === undefined || url === '/*' ? undefined : toRouteTemplate(url)
    }
    if (!tracing.enabled) {
      app.addHook('onRequest', (request, _reply, done) => {
        request.trace = traceOf(request.raw, tracing)
        request.routeTemplate = templateOf(request)
        done()
      })
      return
    }
    app.addHook('onRequest', (request, _reply, done) => {
      request.trace = traceOf(request.raw, tracing)
      request.routeTemplate = templateOf(request)
      tracing.run(request.trace, done)
    })
    const end = (request: FastifyRequest, status: number, aborted: boolean) => {
      if (!request.trace.span) return
      const template = request.routeTemplate
      const queryAt = request.url.indexOf('?')
      const userAgent = request.headers['user-agent']
      tracing.endRequest(
        request.trace,
        // `{method} {http.route}`; never the raw path (its ids and phones would make every name unique).
        template ? `${request.method} ${template}` : request.method,
        {
          'http.request.method': request.method,
          'http.response.status_code': status,
          ...(template ? { 'http.route': template } : {}),
          'url.scheme': request.protocol,
          'url.path': redactText(queryAt === -1 ? request.url : request.url.slice(0, queryAt)),
          ...(queryAt === -1 ? {} : { 'url.query': redactText(request.url.slice(queryAt + 1)) }),
          'server.address': request.hostname,
          ...(request.port ? { 'server.port': request.port } : {}),
          'client.address': request.ip,
          'network.protocol.version': request.raw.httpVersion,
          ...(typeof userAgent === 'string' ? { 'user_agent.original': userAgent } : {}),
          'storefront.route_name': request.routeName ?? 'unmatched',
          'storefront.request_id': request.id,
        },
        aborted ? 'client aborted' : status >= 500 ? `HTTP ${status}` : undefined,
      )
    }
    app.addHook('onResponse', (request, reply, done) => {
      end(request, reply.statusCode, false)
      done()
    })
    app.addHook('onRequestAbort', (request, done) => {
      end(request, 499, true)
      done()
    })
    app.addHook('onClose', async () => {
      await tracing.shutdown()
    })
  },
  { name: 'tracing', dependencies: ['context'] },
)
