/**
 * `POST /analytics/collect`: goal events from the browser (only sent when a counter id is set).
 * Validated, counted, and forwarded to `ANALYTICS_URL` when configured; logged at debug level.
 */
import fp from 'fastify-plugin'
import { z } from 'zod'
import { errorBody } from '#shared/api/errors.ts'

/** A param value as the browser's tracker sends it: flat, never nested. */
const ParamValueSchema = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])

/**
 * The batch of client/analytics/tracker.ts, bounded in depth and size: params are flat, at most 50 per
 * event, and fields the browser does not send are dropped, so forwarding (`JSON.stringify`) can never
 * overflow on a hostile body nested thousands deep.
 */
const EventsSchema = z.object({
  counterId: z.string().max(40),
  userUuid: z.string().max(64).optional(),
  events: z
    .array(
      z.object({
        name: z.string().max(100),
        params: z
          .record(z.string().max(64), ParamValueSchema)
          .refine((params) => Object.keys(params).length <= 50, 'at most 50 params')
          .optional(),
        timestamp: z.number().int().nonnegative().optional(),
      }),
    )
    .max(50),
})

/** The analytics collector route (64 KiB body cap). */
export const analyticsPlugin = fp(
  async (app) => {
    app.post('/analytics/collect', { bodyLimit: 64 * 1024 }, async (request, reply) => {
      request.routeName = 'analytics'
      let body: unknown = request.body
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body)
        } catch {
          body = undefined
        }
      }
      const parsed = EventsSchema.safeParse(body)
      if (!parsed.success || parsed.data.counterId !== app.config.analyticsCounterId) {
        app.metrics.analyticsEvents.inc({ accepted: 'false' })
        return reply.code(400).send(errorBody('bad_request'))
      }
      app.metrics.analyticsEvents.inc({ accepted: 'true' }, parsed.data.events.length)
      request.log.debug({ events: parsed.data.events.map((e) => e.name) }, 'analytics events')
      if (app.config.analyticsUrl) {
        fetch(app.config.analyticsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(parsed.data),
          signal: AbortSignal.timeout(2000),
        }).catch((error: Error) => request.log.warn({ err: error.message }, 'analytics forward failed'))
      }
      return reply.code(204).send()
    })
    // sendBeacon posts text/plain; accept it as a string for this route.
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
  },
  { name: 'analytics', dependencies: ['context'] },
)
