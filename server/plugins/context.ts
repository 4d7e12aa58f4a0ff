/**
 * The app's settings every other plugin reads: the config, the metrics registry and the build id.
 * The services built from them each have their own plugin (upstream, shared state, anonymous cache,
 * session, gateway client), registered right after this one in `app.ts`.
 */
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import type { Metrics } from '../metrics.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    metrics: Metrics
    buildId: string
  }
}

export interface ContextOptions {
  config: Config
  metrics: Metrics
  buildId: string
}

/** Decorates the app with its settings. */
export const contextPlugin = fp(
  async (app, opts: ContextOptions) => {
    app.decorate('config', opts.config)
    app.decorate('metrics', opts.metrics)
    app.decorate('buildId', opts.buildId)
  },
  { name: 'context', dependencies: ['@fastify/cookie'] },
)
