/** The per-process cache of anonymous gateway data (page loaders, sitemap files), counted in the metrics. */
import fp from 'fastify-plugin'
import { AnonymousCache } from '../caching/data-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    anonymousCache: AnonymousCache
  }
}

/** Decorates the app with the anonymous cache. */
export const anonymousCachePlugin = fp(
  async (app) => {
    const { config, metrics } = app
    app.decorate(
      'anonymousCache',
      new AnonymousCache({
        ttlMs: config.cache.ttlMs,
        maxEntries: config.cache.maxEntries,
        onEvent: (event) => metrics.cacheEvents.inc({ event }),
      }),
    )
  },
  { name: 'anonymous-cache', dependencies: ['context'] },
)
