/**
 * Security headers of DESIGN.md section 4 on every response, and the same-origin rule for
 * state-changing calls (anything but GET/HEAD/OPTIONS).
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'

/** The page CSP: scripts are our own files only; no inline script (DESIGN.md section 3). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // React writes `style` attributes for reserved image sizes; element styles stay 'self'.
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' https://smartcaptcha.yandexcloud.net",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Whether a state-changing request comes from our own pages (DESIGN.md "Sessions"). */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'same-origin' || site === 'none') return true
  const origin = request.headers.origin
  if (!origin || origin === 'null') return false
  try {
    return new URL(origin).host === request.host
  } catch {
    return false
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Adds the headers and refuses cross-site state changes with 403. */
export const securityPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request)) return
    request.log.warn({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site request refused')
    return reply.code(403).header('cache-control', 'no-store').send({ code: 'forbidden', message: 'Действие недоступно' })
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
      reply.header('referrer-policy', 'strict-origin-when-cross-origin')
      reply.header('cross-origin-opener-policy', 'same-origin')
      reply.header('x-frame-options', 'DENY')
    }
    // A response that sets a cookie is never publicly cacheable (DESIGN.md section 6).
    if (reply.hasHeader('set-cookie') && /public|s-maxage/.test(String(reply.getHeader('cache-control') ?? ''))) {
      reply.header('cache-control', 'private, no-store')
    }
    return payload
  })
}, { name: 'security' })
