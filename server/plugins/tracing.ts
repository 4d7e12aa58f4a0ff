/**
 * The request's trace (server/tracing/): `request.trace`, made once per request from its `traceparent`
 * header (app.ts's logger factory makes it first, so the request's log lines carry `trace_id` and
 * `span_id`), and, while tracing is on, the request's span ended with its route name and status, and
 * the request's code run inside its trace so Redis commands find their parent.
 */
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'
import type { RequestTrace, Tracing } from '../tracing/tracing.ts'

declare module 'fastify' {
  interface FastifyInstance {
    tracing: Tracing
  }
  interface FastifyRequest {
    /** This request's place in its trace: ids for logs, the `traceparent` its gateway calls carry. */
    trace: RequestTrace
  }
}

const TRACE = Symbol('storefront.trace')

/** The trace of a raw request, made on first use. */
export function traceOf(raw: IncomingMessage, tracing: Tracing): RequestTrace {
  const holder = raw as IncomingMessage & { [TRACE]?: RequestTrace }
  return (holder[TRACE] ??= tracing.startRequest(raw.headers.traceparent, raw.method ?? 'GET'))
}

/** Decorates requests with their trace; with tracing on, ends their spans. */
export const tracingPlugin = fp(
  async (app, opts: { tracing: Tracing }) => {
    const { tracing } = opts
    app.decorate('tracing', tracing)
    app.decorateRequest('trace', null as unknown as RequestTrace)
    if (!tracing.enabled) {
      app.addHook('onRequest', (request, _reply, done) => {
        request.trace = traceOf(request.raw, tracing)
        done()
      })
      return
    }
    app.addHook('onRequest', (request, _reply, done) => {
      request.trace = traceOf(request.raw, tracing)
      tracing.run(request.trace, done)
    })
    const end = (request: import('fastify').FastifyRequest, status: number, aborted: boolean) => {
      const route = request.routeName ?? 'unmatched'
      tracing.endRequest(
        request.trace,
        `${request.method} ${route}`,
        {
          'http.route': route,
          'http.response.status_code': status,
          'url.path': request.url.split('?')[0] ?? '',
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
