/**
 * `/webgate/*` and `/{product}-id/*` forwarded to the configured gateways with @fastify/reply-from,
 * for the calls of the allow-list only (server/proxy-allow-list.ts): everything else answers our
 * 404. The server adds the gateway headers, attaches the bearer only for calls the catalogue marks,
 * refreshes once and retries once on a 401, and never passes the browser's credentials or the
 * gateway's cookies through. No proxy retries: the browser's client applies the spec's policy.
 */
import fp from 'fastify-plugin'
import replyFrom from '@fastify/reply-from'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { request as undiciRequest } from 'undici'
import type { AnyEndpoint, Gateway } from '#shared/api/endpoint.ts'
import { FALLBACK_MESSAGE, codeForStatus, errorBody } from '#shared/api/errors.ts'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { headerContextOf } from '../gateway.ts'
import { toRouteTemplate } from './tracing.ts'
import { createProxyAllowList } from '../proxy-allow-list.ts'
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

/** The methods the proxy routes take; the allow-list decides per call. */
const PROXY_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** Every proxied answer's CSP (decision 026): opened as a document, nothing in it may run or load. */
export const PROXIED_CSP = "default-src 'none'; sandbox"

/** Image types a browser only ever draws (no script, no document): what media answers may be besides SVG. */
const RASTER_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])

/**
 * The media type of a `Content-Type` that names exactly one type (`application/json; charset=utf-8`
 * → `application/json`), or undefined: a list (`application/json, text/html`, which Chromium reads as
 * its last entry), a repeated header, a malformed type, or a parameter other than `charset=utf-8`.
 */
export function singleMediaType(header: unknown): string | undefined {
  if (typeof header !== 'string' || header.includes(',')) return undefined
  const [essence = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase())
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence)) return undefined
  return params.every((param) => param === '' || /^charset="?utf-8"?$/.test(param)) ? essence : undefined
}

/**
 * Whether an upstream answer has the body its endpoint declares (DESIGN.md section 3, decision 026):
 * a JSON endpoint's body is exactly `application/json` (an HTML error page of a gateway's balancer, or
 * a list of types a browser may read as HTML, is no answer of ours); a file (an icon, a media file) is
 * a raster image or SVG, which goes out under the sandbox CSP. A redirect may only point at a path
 * of our own origin. Bodiless answers always fit.
 */
export function declaredBodyFits(
  endpoint: AnyEndpoint,
  method: string,
  status: number,
  headers: Record<string, string | string[] | number | undefined>,
): boolean {
  if (status >= 300 && status < 400 && headers['location'] !== undefined && !isOwnPath(headers['location']))
    return false
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 300 && status < 400)) return true
  if (Number(headers['content-length']) === 0 && headers['content-length'] !== undefined) return true
  const type = singleMediaType(headers['content-type'])
  if (endpoint.responseType === 'text')
    return type !== undefined && (RASTER_TYPES.has(type) || type === 'image/svg+xml')
  return type === 'application/json'
}

/** A `Location` that stays on our origin: one path (`/x`), never `//host`, `/\host` or a scheme. */
const isOwnPath = (location: unknown): boolean =>
  typeof location === 'string' && /^\/(?![/\\])[\x21-\x7e]*$/.test(location)

/** Replaces an upstream body that is not what the endpoint declares by our own 502. */
function sendWrongBody(reply: FastifyReply, endpoint: AnyEndpoint): void {
  for (const name of BODY_HEADERS) reply.removeHeader(name)
  reply.removeHeader('location')
  reply.log.warn({ endpoint: endpoint.name }, 'proxy upstream answered a body of the wrong type')
  void reply
    .code(502)
    .header('cache-control', 'no-store')
    .send(errorBody('upstream', { message: FALLBACK_MESSAGE }))
}

/** Registers both gateway proxies. */
export const proxyPlugin = fp(
  async (app) => {
    const { config } = app
    const allowList = createProxyAllowList(ENDPOINTS, config.product)
    const gateways: Array<{ gateway: Gateway; prefix: string; upstream: string }> = [
      { gateway: 'web', prefix: '/webgate', upstream: config.webGatewayUrl },
      { gateway: 'id', prefix: `/${config.product}-id`, upstream: config.idGatewayUrl },
    ]
    app.decorateRequest('proxyAuth', false)

    for (const { gateway, prefix, upstream } of gateways) {
      const target = new URL(upstream)
      const basePath = target.pathname.replace(/\/$/, '')

      /** Re-sends a call after a refresh; the body was parsed by Fastify, so it can be sent again. */
      async function retryAfterRefresh(
        request: FastifyRequest,
        reply: FastifyReply,
        endpoint: AnyEndpoint,
        path: string,
      ): Promise<void> {
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
          headersTimeout: config.timeouts.upstreamHeadersMs,
          bodyTimeout: config.timeouts.upstreamBodyMs,
        })
        if (response.statusCode >= 500) {
          await response.body.dump()
          return sendOwnFailure(reply, response.statusCode)
        }
        if (!declaredBodyFits(endpoint, request.method, response.statusCode, response.headers)) {
          await response.body.dump()
          return sendWrongBody(reply, endpoint)
        }
        reply
          .code(response.statusCode)
          .headers(downstreamResponseHeaders(response.headers) as Record<string, string>)
          .header('cache-control', 'private, no-store')
        return reply.send(response.body)
      }

      await app.register(async (scope) => {
        // No proxied answer can render as a document with script, whatever the gateway sent (decision 026).
        scope.addHook('onSend', (_request, reply, payload, done) => {
          reply.header('content-security-policy', PROXIED_CSP)
          reply.header('x-content-type-options', 'nosniff')
          done(null, payload)
        })
        // JSON is parsed by Fastify's own parser (kept for a retry); anything else is kept as a buffer.
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_request, body, done) =>
          done(null, body),
        )
        await scope.register(replyFrom, {
          base: target.origin,
          retryMethods: [],
          disableRequestLogging: true,
          undici: {
            connect: { timeout: config.timeouts.upstreamConnectMs, rejectUnauthorized: true },
            headersTimeout: config.timeouts.upstreamHeadersMs,
            bodyTimeout: config.timeouts.upstreamBodyMs,
            connections: 128,
          },
        })

        const forward = async (request: FastifyRequest, reply: FastifyReply) => {
          const queryAt = request.url.indexOf('?')
          const rawPath = (queryAt === -1 ? request.url : request.url.slice(0, queryAt)).slice(prefix.length)
          const decision = allowList.decide(gateway, request.method, rawPath)
          if (decision.kind !== 'forward') {
            request.routeName =
              decision.kind === 'owned' ? `proxy:refused:${decision.endpoint.name}` : `proxy:${gateway}`
            if (decision.kind === 'owned')
              request.log.warn({ endpoint: decision.endpoint.name }, 'proxy refused a server-owned call')
            return reply
              .code(404)
              .header('cache-control', 'no-store')
              .send(errorBody('not_found', { gatewaySpelling: true }))
          }
          const { endpoint, path } = decision.target
          const search = queryAt === -1 ? '' : request.url.slice(queryAt)
          request.routeName = `proxy:${endpoint.name}`
          request.routeTemplate = prefix + toRouteTemplate(endpoint.path)
          request.proxyAuth = endpoint.auth
          if (request.proxyAuth) await request.session.ensureFresh()
          return reply.from(basePath + path + search, {
            rewriteRequestHeaders: (raw, headers) => {
              const incoming = raw as unknown as FastifyRequest
              return upstreamRequestHeaders(
                headers,
                gateway,
                headerContextOf(incoming, config, app.buildId),
                incoming.proxyAuth ? incoming.session.auth.token() : undefined,
                incoming.ip,
              )
            },
            rewriteHeaders: (headers) =>
              downstreamResponseHeaders(headers as Record<string, unknown>) as typeof headers,
            onResponse: (rawRequest, rawReply, res) => {
              const request = rawRequest as FastifyRequest
              const reply = rawReply as FastifyReply
              if (res.statusCode === 401 && request.proxyAuth && request.session.auth.token()) {
                res.stream.resume()
                // Spec section 4: one refresh (shared with concurrent requests), then one retry.
                request.session.auth
                  .refresh()
                  .then((ok) => {
                    if (ok) return retryAfterRefresh(request, reply, endpoint, path + search)
                    return void reply
                      .code(401)
                      .header('cache-control', 'no-store')
                      .send(errorBody('unauthorized', { gatewaySpelling: true }))
                  })
                  .catch((error: Error) => upstreamError(reply, error))
                return
              }
              if (res.statusCode >= 500) {
                res.stream.resume()
                return sendOwnFailure(reply, res.statusCode)
              }
              // The upstream headers are on the reply by now (after the allow-list of proxy-headers.ts).
              const headers = reply.getHeaders() as Record<string, string | string[] | undefined>
              if (!declaredBodyFits(endpoint, request.method, res.statusCode, headers)) {
                res.stream.resume()
                return sendWrongBody(reply, endpoint)
              }
              if (request.proxyAuth) reply.header('cache-control', 'private, no-store')
              reply.send(res.stream)
            },
            onError: (reply, { error }) => upstreamError(reply as FastifyReply, error),
          })
        }

        scope.route({ method: PROXY_METHODS, url: prefix, handler: forward })
        scope.route({ method: PROXY_METHODS, url: `${prefix}/*`, handler: forward })
      })
    }
  },
  { name: 'proxy', dependencies: ['context'] },
)
