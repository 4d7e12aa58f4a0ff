/**
 * `/healthz`: the process is alive. `/readyz`: the gateways answer and the process is not draining.
 * The gateway probe result is cached for a second so that probes never add load.
 */
import fp from 'fastify-plugin'
import { request as undiciRequest } from 'undici'

declare module 'fastify' {
  interface FastifyInstance {
    /** Turns readiness false for good (SIGTERM drain). */
    markDraining(): void
  }
}

/** Health endpoints. */
export const healthPlugin = fp(async (app) => {
  let draining = false
  let last: { at: number; ok: boolean } | undefined
  app.decorate('markDraining', () => {
    draining = true
  })
  // A keep-alive connection whose request is in flight when closing starts would stay open after its
  // answer and hold `close()` (a SIGTERM drain: until the hard stop); let it go right after the answer.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1
  })

  async function gatewaysUp(): Promise<boolean> {
    if (last && Date.now() - last.at < 1000) return last.ok
    const probe = async (base: string) => {
      const url = new URL(base)
      // Any HTTP answer means the gateway is up (its base path has no handler: the mock answers 501
      // there); only a failed connection or a load balancer's 502/503/504 means down.
      const response = await undiciRequest(url, { method: 'GET', dispatcher: app.upstream, headersTimeout: 1500, bodyTimeout: 1500 })
      await response.body.dump()
      return ![502, 503, 504].includes(response.statusCode)
    }
    const ok = await Promise.all([probe(app.config.webGatewayUrl), probe(app.config.idGatewayUrl)]).then((r) => r.every(Boolean), () => false)
    last = { at: Date.now(), ok }
    return ok
  }

  app.get('/healthz', { config: { routeName: 'healthz' } }, async (request, reply) => {
    request.routeName = 'healthz'
    return reply.header('cache-control', 'no-store').send({ status: 'ok' })
  })
  app.get('/readyz', async (request, reply) => {
    request.routeName = 'readyz'
    reply.header('cache-control', 'no-store')
    if (draining) return reply.code(503).send({ status: 'draining' })
    if (!(await gatewaysUp())) return reply.code(503).send({ status: 'gateway-unavailable' })
    return reply.send({ status: 'ready' })
  })
}, { name: 'health', dependencies: ['context'] })
