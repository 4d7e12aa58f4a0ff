/**
 * `/webgate/*` and `/{product}-id/*` proxied to the configured gateways with @fastify/http-proxy.
 * The server adds the gateway headers, attaches the bearer only for calls the catalogue marks,
 * refreshes once and retries once on a 401, and never passes the browser's credentials or the
 * gateway's cookies through. No proxy retries: the browser's client applies the spec's policy.
 */
import fp from 'fastify-plugin'
import httpProxy from '@fastify/http-proxy'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { request as undiciRequest } from 'undici'
import type { Gateway } from '#shared/api/endpoint.ts'
import { FALLBACK_MESSAGE, codeForStatus, errorBody } from '#shared/api/errors.ts'
import { createEndpointIndex } from '#shared/api/endpoint-index.ts'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { headerContextOf } from '../gateway.ts'
import { downstreamResponseHeaders, upstreamRequestHeaders } from '../proxy-headers.ts'

/** Body cap of proxied calls (DESIGN.md section 4). */
export const PROXY_BODY_LIMIT = 1024 * 1024

declare module 'fastify' {
  interface FastifyRequest {
    proxyAuth: boolean
  }
}

const upstreamError = (reply: FastifyReply, error: Error) => {
  const timeout =
    /timeout/i.test(error.name + error.message) ||
    ((error as { code?: string }).code?.startsWith('UND_ERR_') &&
      /TIMEOUT/.test((error as { code?: string }).code ?? ''))
  reply.log.warn({ err: error.message }, 'proxy upstream failed')
  if (reply.sent) return
  reply
    .code(timeout ? 504 : 502)
    .header('cache-control', 'no-store')
    .send(errorBody(timeout ? 'timeout' : 'upstream', { message: FALLBACK_MESSAGE }))
}

/** Headers that describe the upstream body, dropped when our own body replaces it. */
const BODY_HEADERS = [
  'content-length',
  'content-type',
  'content-encoding',
  'content-range',
  'content-disposition',
  'content-language',
  'etag',
  'last-modified',
]

/**
 * A gateway 5xx reaches the browser with its status and our own error body only (DESIGN.md section 4):
 * upstream text ("no handler for GET …", stack traces) never passes through.
 */
function sendOwnFailure(reply: FastifyReply, status: number): void {
  for (const name of BODY_HEADERS) reply.removeHeader(name)
  const code = codeForStatus(status)
  reply.log.warn({ status }, 'proxy upstream answered a server error')
  void reply.code(status).header('cache-control', 'no-store').send(errorBody(code))
}

/** Registers both gateway proxies. */
export const proxyPlugin = fp(
  async (app) => {
    const { config } = app
    const index = createEndpointIndex(ENDPOINTS, config.product)
    const gateways: Array<{ gateway: Gateway; prefix: string; upstream: string }> = [
      { gateway: 'web', prefix: '/webgate', upstream: config.webGatewayUrl },
      { gateway: 'id', prefix: `/${config.product}-id`, upstream: config.idGatewayUrl },
    ]
    app.decorateRequest('proxyAuth', false)

    for (const { gateway, prefix, upstream } of gateways) {
      const target = new URL(upstream)
      const basePath = target.pathname.replace(/\/$/, '')

      /** Re-sends a call after a refresh; the body was parsed by Fastify, so it can be sent again. */
      async function retryAfterRefresh(request: FastifyRequest, reply: FastifyReply, path: string): Promise<void> {
        const headers = upstreamRequestHeaders(
          request.headers,
          gateway,
          headerContextOf(request, config, app.buildId),
          request.session.auth.token(),
          request.ip,
        )
        const body =
          request.body === undefined || request.body === null
            ? undefined
            : Buffer.isBuffer(request.body)
              ? request.body
              : JSON.stringify(request.body)
        const response = await undiciRequest(new URL(basePath + path, target.origin), {
          method: request.method as 'GET',
          headers,
          body: body ?? null,
          dispatcher: app.upstream,
        })
        request.session.commit(reply)
        reply
          .code(response.statusCode)
          .headers(downstreamResponseHeaders(response.headers) as Record<string, string>)
          .header('cache-control', 'private, no-store')
        if (response.statusCode >= 500) {
          await response.body.dump()
          return sendOwnFailure(reply, response.statusCode)
        }
        return reply.send(response.body)
      }

      await app.register(async (scope) => {
        // JSON is parsed by Fastify's own parser (kept for a retry); anything else is kept as a buffer.
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_request, body, done) =>
          done(null, body),
        )
        await scope.register(httpProxy, {
          upstream: target.origin,
          prefix,
          rewritePrefix: basePath,
          retryMethods: [],
          undici: {
            connect: { timeout: config.timeouts.upstreamConnectMs, rejectUnauthorized: true },
            headersTimeout: config.timeouts.upstreamHeadersMs,
            bodyTimeout: config.timeouts.upstreamBodyMs,
            connections: 128,
          },
          disableRequestLogging: true,
          httpMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
          preValidation: async (request, reply) => {
            const path = request.url.slice(prefix.length).split('?')[0] ?? ''
            // The mock's control paths are never reachable through the storefront.
            if (/(^|\/)(__mock|\.\.)(\/|$)/.test(decodeURIComponent(path).replaceAll('\\', '/'))) {
              return reply.code(404).send(errorBody('not_found', { gatewaySpelling: true }))
            }
            const endpoint = index.find(gateway, request.method, path)
            request.routeName = endpoint ? `proxy:${endpoint.name}` : `proxy:${gateway}`
            request.proxyAuth = endpoint?.auth === true
            if (request.proxyAuth) await request.session.ensureFresh()
          },
          replyOptions: {
            rewriteRequestHeaders: (raw, headers) => {
              const request = raw as FastifyRequest
              return upstreamRequestHeaders(
                headers,
                gateway,
                headerContextOf(request, config, app.buildId),
                request.proxyAuth ? request.session.auth.token() : undefined,
                request.ip,
              )
            },
            rewriteHeaders: (headers) =>
              downstreamResponseHeaders(headers as Record<string, unknown>) as typeof headers,
            onResponse: (rawRequest, rawReply, res) => {
              const request = rawRequest as FastifyRequest
              const reply = rawReply as FastifyReply
              const path = request.url.slice(prefix.length).split('?')[0] ?? ''
              if (res.statusCode === 401 && request.proxyAuth && request.session.auth.token()) {
                res.stream.resume()
                // Spec section 4: one refresh (shared with concurrent requests), then one retry.
                request.session.auth
                  .refresh()
                  .then((ok) => {
                    if (ok)
                      return retryAfterRefresh(
                        request,
                        reply,
                        path + (request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''),
                      )
                    request.session.commit(reply)
                    return void reply
                      .code(401)
                      .header('cache-control', 'no-store')
                      .send(errorBody('unauthorized', { gatewaySpelling: true }))
                  })
                  .catch((error: Error) => upstreamError(reply, error))
                return
              }
              request.session.commit(reply)
              if (res.statusCode >= 500) {
                res.stream.resume()
                return sendOwnFailure(reply, res.statusCode)
              }
              if (request.proxyAuth) reply.header('cache-control', 'private, no-store')
              reply.send(res.stream)
            },
            onError: (reply, { error }) => upstreamError(reply as FastifyReply, error),
          },
        })
      })
    }
  },
  { name: 'proxy', dependencies: ['context'] },
)
