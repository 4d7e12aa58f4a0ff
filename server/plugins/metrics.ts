/** Records every request into the duration histogram, labelled by route name, never the raw path. */
import fp from 'fastify-plugin'
import type { Metrics } from '../metrics.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Route name for metrics and logs: a page route name, a gateway endpoint name, or a fixed label. */
    routeName: string
  }
}

/** Observes request durations. The registry is served by the separate metrics listener. */
export const metricsPlugin = fp(
  async (app, opts: { metrics: Metrics }) => {
    app.decorateRequest('routeName', 'unmatched')
    // A callback hook: it runs on every answer and has nothing to wait for.
    app.addHook('onResponse', (request, reply, done) => {
      opts.metrics.httpDuration.observe(
        { route: request.routeName, method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      )
      done()
    })
  },
  { name: 'metrics-recorder' },
)
