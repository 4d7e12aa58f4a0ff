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

/**
 * Upstream response headers passed back to the browser; every other one is dropped: the gateway's
 * `Server`, `X-Powered-By`, CORS (`Access-Control-*`), cookies, hop-by-hop headers and any header
 * its `Connection` names (RFC 9110 section 7.6.1).
 */
const PASSED_BACK = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
  'retry-after',
  'location',
  'date',
  'age',
])

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

/** The upstream response headers the browser may see (the allow-list above, minus those `Connection` names). */
export function downstreamResponseHeaders<T extends object>(headers: T): T {
  const source = headers as Record<string, unknown>
  const named = new Set(
    String(source['connection'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  )
  const result: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(source)) {
    const lower = name.toLowerCase()
    if (PASSED_BACK.has(lower) && !named.has(lower)) result[name] = value
  }
  return result as T
}
