/**
 * `request.api`: a gateway client per request, carrying the request's headers and its session's auth;
 * `request.sharedApi()`: the client of the shared queries (decision 025), which carries no session.
 */
import fp from 'fastify-plugin'
import type { ApiClient } from '#shared/api/client.ts'
import { createServerApi, headerContextOf } from '../gateway.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** A gateway client with this request's headers and session. */
    api: ApiClient
    /**
     * The client of shared queries, made on first use: no auth, no session or device id, since its
     * answers go to every visitor (the request's trace and device kind are kept for the logs).
     */
    sharedApi: () => ApiClient
  }
}

/** Decorates every request with its gateway clients. */
export const gatewayClientPlugin = fp(
  async (app) => {
    const { config, metrics, upstream: agent, buildId } = app
    app.decorateRequest('api', null as unknown as ApiClient)
    app.decorateRequest('sharedApi', null as unknown as () => ApiClient)
    app.addHook('onRequest', async (request) => {
      const deps = { config, agent, metrics, log: request.log, tracing: app.tracing, trace: () => request.trace }
      const headers = () => headerContextOf(request, config, buildId)
      request.api = createServerApi({ ...deps, headers, auth: request.session.auth })
      let shared: ApiClient | undefined
      request.sharedApi = () =>
        (shared ??= createServerApi({
          ...deps,
          headers: () => ({ ...headers(), sessionId: undefined, deviceId: undefined }),
        }))
    })
  },
  { name: 'gateway-client', dependencies: ['context', 'tracing', 'upstream', 'session'] },
)
