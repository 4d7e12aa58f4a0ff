/**
 * `request.api`: a gateway client per request, carrying the request's headers and its session's auth;
 * `request.sharedApi()`: the client of the shared queries (decision 025), which carries no session.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
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

const API = Symbol('storefront.api')
const SHARED_API = Symbol('storefront.sharedApi')
type WithClients = FastifyRequest & { [API]?: ApiClient; [SHARED_API]?: ApiClient }

/**
 * Decorates every request with its gateway clients, each made on first use: a page answered from the
 * page cache, a static file or a probe never calls the gateway, so it never pays for a client.
 */
export const gatewayClientPlugin = fp(
  async (app) => {
    const { config, metrics, upstream: agent, buildId } = app
    const clientOf = (request: FastifyRequest, shared: boolean) => {
      const headers = () => headerContextOf(request, config, buildId)
      const deps = { config, agent, metrics, log: request.log, tracing: app.tracing, trace: () => request.trace }
      return shared
        ? createServerApi({ ...deps, headers: () => ({ ...headers(), sessionId: undefined, deviceId: undefined }) })
        : createServerApi({ ...deps, headers, auth: request.session.auth })
    }
    app.decorateRequest('api', {
      getter(this: WithClients) {
        return (this[API] ??= clientOf(this, false))
      },
    })
    app.decorateRequest('sharedApi', function (this: WithClients) {
      return (this[SHARED_API] ??= clientOf(this, true))
    })
  },
  { name: 'gateway-client', dependencies: ['context', 'tracing', 'upstream', 'session'] },
)
