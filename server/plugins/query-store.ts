/** The query store (decision 025): anonymous query data shared by every request, counted in the metrics. */
import fp from 'fastify-plugin'
import { packFallback } from '#client/app/boot-pack.ts'
import { serializeBootData } from '#client/app/boot.ts'
import { AppError } from '#shared/api/errors.ts'
import { QueryStore } from '../caching/query-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    queryStore: QueryStore
  }
}

/** Decorates the app with its query store. */
export const queryStorePlugin = fp(
  async (app) => {
    const { config, metrics } = app
    // The counter's children are looked up once, not at every lookup.
    const events = {
      hit: metrics.queryStoreEvents.labels('hit'),
      stale: metrics.queryStoreEvents.labels('stale'),
      miss: metrics.queryStoreEvents.labels('miss'),
      joined: metrics.queryStoreEvents.labels('joined'),
      'stale-error': metrics.queryStoreEvents.labels('stale-error'),
    }
    app.decorate(
      'queryStore',
      new QueryStore({
        ...config.queryStore,
        // A shared fetch may take as long as one page's data, whoever waits for it.
        deadlineMs: config.timeouts.pageDataBudgetMs,
        deadlineError: () => new AppError('timeout', 'shared query deadline exceeded'),
        pack: (value) => serializeBootData(packFallback(value)),
        onEvent: (event) => events[event].inc(),
        onEvict: () => metrics.queryStoreEvictions.inc(),
        onSize: (bytes, entries) => {
          metrics.queryStoreBytes.set(bytes)
          metrics.queryStoreEntries.set(entries)
        },
      }),
    )
  },
  { name: 'query-store', dependencies: ['context'] },
)
