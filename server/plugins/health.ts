/**
 * `/healthz`: the process is alive. `/readyz`: 200 from start until the drain begins, whatever the
 * gateways do (DESIGN.md section 6: a gateway outage must not take every replica out of the Service
 * at once); its body and the `gateway_up{gateway}` gauge say whether each gateway answers.
 * The drain itself: once `markDraining()` is called, `/readyz` answers 503 and every answer carries
 * `Connection: close`, so kept-alive clients leave after their current answer instead of being reset.
 */
import fp from 'fastify-plugin'
import { request as undiciRequest } from 'undici'
import type { Gateway } from '#shared/api/endpoint.ts'

/** Whether each gateway answered its last probe. */
export type GatewayStatus = Record<Gateway, boolean>

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the SIGTERM drain for good: readiness false, every answer closes its connection. */
    markDraining(): void
    /**
     * Whether each gateway answers, and the `gateway_up` gauge. The first call waits for a probe; later
     * calls answer at once with the last result and start a new probe when it is over a second old, so
     * a hanging gateway never makes `/readyz` slower than a probe's timeout. Never throws.
     */
    gatewayStatus(): Promise<GatewayStatus>
  }
}

/** How long a probe result is reused, so that probes and scrapes never add load. */
const PROBE_REUSE_MS = 1000
/** A probe that has not answered by then counts as down (within a Kubernetes probe's default 1 s). */
const PROBE_TIMEOUT_MS = 800

/** Health endpoints and the drain switch. */
export const healthPlugin = fp(
  async (app) => {
    let draining = false
    let last: { at: number; status: GatewayStatus } | undefined
    let running: Promise<GatewayStatus> | undefined
    const bases: ReadonlyArray<[Gateway, string]> = [
      ['web', app.config.webGatewayUrl],
      ['id', app.config.idGatewayUrl],
    ]

    app.decorate('markDraining', () => {
      draining = true
    })
    // A response with `Connection: close` makes Node close the socket once the answer is written; the
    // client knows not to reuse it, so nothing is reset. Requests in flight when the drain begins get it
    // too when their headers have not left yet (onSend runs just before they do).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close')
      done(null, payload)
    })
    // A keep-alive connection whose answer had already started when the drain began would stay open after
    // it and hold `close()` until the hard deadline; once the listener closes, let it go after its answer.
    app.addHook('preClose', async () => {
      app.server.keepAliveTimeout = 1
    })

    /** Any HTTP answer means up (the mock answers 501 at a base path); a failed connection or a load balancer's 502/503/504 means down. */
    async function probe(base: string): Promise<boolean> {
      try {
        const response = await undiciRequest(new URL(base), {
          method: 'GET',
          dispatcher: app.upstream,
          headersTimeout: PROBE_TIMEOUT_MS,
          bodyTimeout: PROBE_TIMEOUT_MS,
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        })
        await response.body.dump()
        return ![502, 503, 504].includes(response.statusCode)
      } catch {
        return false
      }
    }

    const probeAll = (): Promise<GatewayStatus> =>
      (running ??= Promise.all(bases.map(async ([gateway, base]) => [gateway, await probe(base)] as const))
        .then((results) => {
          const status = Object.fromEntries(results) as GatewayStatus
          for (const [gateway, up] of results) app.metrics.gatewayUp.set({ gateway }, up ? 1 : 0)
          last = { at: Date.now(), status }
          return status
        })
        .finally(() => {
          running = undefined
        }))

    app.decorate('gatewayStatus', async (): Promise<GatewayStatus> => {
      if (!last) return probeAll()
      if (Date.now() - last.at >= PROBE_REUSE_MS) void probeAll()
      return last.status
    })

    app.get('/healthz', async (request, reply) => {
      request.routeName = 'healthz'
      return reply.header('cache-control', 'no-store').send({ status: 'ok' })
    })
    app.get('/readyz', async (request, reply) => {
      request.routeName = 'readyz'
      reply.header('cache-control', 'no-store')
      if (draining) return reply.code(503).send({ status: 'draining' })
      const status = await app.gatewayStatus()
      const gateways = Object.fromEntries(Object.entries(status).map(([gateway, up]) => [gateway, up ? 'up' : 'down']))
      return reply.send({ status: 'ready', gateways })
    })
  },
  { name: 'health', dependencies: ['context'] },
)
