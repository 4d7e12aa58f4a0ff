/** Header hygiene of the proxy (DESIGN.md section 4): what passes from the browser, what never does. */
import type { IncomingHttpHeaders } from 'node:http'
import { buildHeaders, HEADER, type HeaderContext } from '#shared/api/headers.ts'
import type { Gateway } from '#shared/api/endpoint.ts'

/** Browser headers forwarded to the gateway; everything else is dropped. */
const FORWARDED = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'if-none-match',
  'if-modified-since',
  'user-agent',
  'range',
]

/** Response headers never passed back to the browser. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]

/**
 * The upstream request headers: an allow-list of the browser's (never its Authorization, Cookie,
 * Forwarded/X-Forwarded-* or hop-by-hop headers), plus our own gateway headers, the bearer, and the
 * shopper's address as `X-Forwarded-For` (`request.ip`: the trusted proxy chain of `TRUST_PROXY`
 * resolved, never the browser's own claim), which the gateway's `/geo` guesses the city from.
 */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  gateway: Gateway,
  context: HeaderContext,
  bearer: string | undefined,
  clientIp?: string,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED) {
    const value = incoming[name]
    if (typeof value === 'string') headers[name] = value
  }
  Object.assign(headers, buildHeaders(gateway, context, 'none'))
  if (bearer) headers[HEADER.authorization] = `Bearer ${bearer}`
  if (clientIp) headers['x-forwarded-for'] = clientIp
  return headers
}

/** The upstream response headers without hop-by-hop headers and cookies of the gateway's. */
export function downstreamResponseHeaders<T extends object>(headers: T): T {
  const result = { ...headers } as Record<string, unknown>
  for (const name of [...HOP_BY_HOP, 'set-cookie']) delete result[name]
  return result as T
}
