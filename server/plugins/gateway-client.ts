/** `request.api`: a gateway client per request, carrying the request's headers and its session's auth. */
import fp from 'fastify-plugin'
import type { ApiClient } from '#shared/api/client.ts'
import { AnswerMemo } from '../caching/answer-memo.ts'
import { createServerApi, headerContextOf } from '../gateway.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** A gateway client with this request's headers and session. */
    api: ApiClient
  }
}

/** Decorates every request with its gateway client. */
export const gatewayClientPlugin = fp(
  async (app) => {
    const { config, metrics, upstream: agent, buildId } = app
    // One per process: checked anonymous answers by their text, shared by every request's client.
    // The counter's two children are looked up once, not at every gateway call.
    const hits = metrics.answerMemoLookups.labels('hit')
    const misses = metrics.answerMemoLookups.labels('miss')
    const answerMemo = new AnswerMemo({ ...config.answerMemo, onLookup: (hit) => (hit ? hits : misses).inc() })
    app.decorateRequest('api', null as unknown as ApiClient)
    app.addHook('onRequest', async (request) => {
      const headers = () => headerContextOf(request, config, buildId)
      request.api = createServerApi({
        config,
        agent,
        metrics,
        log: request.log,
        headers,
        auth: request.session.auth,
        answerMemo,
        tracing: app.tracing,
        trace: () => request.trace,
      })
    })
  },
  { name: 'gateway-client', dependencies: ['context', 'tracing', 'upstream', 'session'] },
)
