/**
 * The proxy's allow-list (DESIGN.md section 4): the (method, path pattern) pairs of the endpoint
 * catalogue that the browser may call through the storefront, matched on the canonical path. Every
 * other request, whatever its spelling, is answered by us and never reaches a gateway: unknown paths,
 * other methods, the mock's control plane, and the operations the server answers itself (`bff`).
 */
import * as z from 'zod/mini'
import type { AnyEndpoint, Gateway } from '#shared/api/endpoint.ts'

/** An allowed call: its catalogue entry and the canonical upstream path (params re-encoded). */
export interface ProxyTarget {
  endpoint: AnyEndpoint
  /** The path under the gateway base, spelled as the catalogue spells it: `/v2/goods/123`. */
  path: string
}

/** What the allow-list decided for a request. */
export type ProxyDecision =
  | { kind: 'forward'; target: ProxyTarget }
  /** A call the server answers itself, reached by another spelling: never forwarded. */
  | { kind: 'owned'; endpoint: AnyEndpoint }
  | { kind: 'refused' }

/**
 * The segments of a request path, canonical: percent-decoded per segment, empty segments (repeated or
 * trailing slashes) dropped. `undefined` when a segment cannot be a path segment at all: malformed
 * percent-encoding, an encoded slash or backslash, `.` or `..`, control characters.
 */
export function canonicalSegments(rawPath: string): string[] | undefined {
  const segments: string[] = []
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return undefined
    }
    if (segment === '.' || segment === '..' || /[/\\\p{Cc}]/u.test(segment)) return undefined
    segments.push(segment)
  }
  return segments
}

interface Pattern {
  endpoint: AnyEndpoint
  /** One matcher per segment: literal text case-insensitively, `:name` pieces capture (`:name.svg`). */
  segments: Array<{ regex: RegExp; names: string[] }>
  /** Segments without a param: the more, the more specific (`/v2/goods/search` over `/v2/goods/:id`). */
  literalCount: number
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const compile = (endpoint: AnyEndpoint, product: string): Pattern => {
  const segments = endpoint.path
    .replaceAll('{product}', product)
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const names: string[] = []
      const source = segment
        .split(/(:[A-Za-z]\w*)/)
        .map((piece) => {
          if (!piece.startsWith(':')) return escapeRegex(piece)
          names.push(piece.slice(1))
          return '(.+?)'
        })
        .join('')
      return { regex: new RegExp(`^${source}$`, 'i'), names }
    })
  return { endpoint, segments, literalCount: segments.filter((segment) => segment.names.length === 0).length }
}

const matches = (pattern: Pattern, segments: string[]): Record<string, string> | undefined => {
  if (pattern.segments.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, { regex, names }] of pattern.segments.entries()) {
    const match = regex.exec(segments[index]!)
    if (!match) return undefined
    names.forEach((name, at) => {
      params[name] = match[at + 1]!
    })
  }
  return params
}

/** What any path parameter may be: ids, order and card ids, file names; never `..`, `%`, spaces or slashes. */
const SAFE_PARAM = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.)){0,127}$/

/**
 * Whether the params of a matched call fit their pattern (D9 of the round-4 probe): each one plain text
 * (`SAFE_PARAM`) and accepted by the endpoint's own `params` schema; a number must be spelled as the
 * number (`12`, never `012`, `1e1` or `0x0c`), so what reaches the gateway is exactly what it names.
 */
function paramsFit(endpoint: AnyEndpoint, params: Record<string, string>): boolean {
  if (!Object.values(params).every((value) => SAFE_PARAM.test(value))) return false
  if (!endpoint.params) return true
  const parsed = z.safeParse(endpoint.params, params)
  if (!parsed.success) return false
  return Object.entries(parsed.data as Record<string, unknown>).every(
    ([name, value]) => typeof value !== 'number' || String(value) === params[name],
  )
}

/** The canonical spelling of a matched call: literals as the catalogue writes them, params encoded. */
const spell = (endpoint: AnyEndpoint, product: string, params: Record<string, string>): string =>
  endpoint.path
    .replaceAll('{product}', encodeURIComponent(product))
    .replace(/:([A-Za-z]\w*)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))

/** The allow-list of one catalogue; build it once. */
export interface ProxyAllowList {
  /** Decides a request to `gateway` by its method and its path under the gateway prefix. */
  decide(gateway: Gateway, method: string, rawPath: string): ProxyDecision
}

/**
 * Files the web gateway serves beside its calls: the images its answers link to as
 * `/webgate/media/{kind}/{file}` (the mock serves them there; a real gateway may link a CDN instead).
 * Allowed for GET and HEAD only; their bodies are files, never HTML.
 */
export const GATEWAY_FILES: readonly AnyEndpoint[] = Object.freeze([
  Object.freeze({
    name: 'media.file',
    gateway: 'web',
    method: 'GET',
    path: '/media/:kind/:file',
    auth: false,
    params: z.object({
      kind: z.string().check(z.regex(/^[a-z][a-z-]{0,31}$/)),
      file: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,95}\.(?:svg|png|jpe?g|webp|gif|avif)$/i)),
    }),
    responseType: 'text',
    response: undefined as never,
  }),
])

/**
 * Builds the allow-list. A path is matched case-insensitively on its literal segments, so that any
 * spelling of a call the server answers itself is recognised as that call and refused; patterns with
 * more literal segments win (`/v2/goods/search` over `/v2/goods/:id`). HEAD is allowed where GET is.
 */
export function createProxyAllowList(
  endpoints: readonly AnyEndpoint[],
  product: string,
  files: readonly AnyEndpoint[] = GATEWAY_FILES,
): ProxyAllowList {
  const patterns = [...endpoints, ...files]
    .map((endpoint) => compile(endpoint, product))
    .sort((a, b) => b.literalCount - a.literalCount)
  return {
    decide(gateway, method, rawPath) {
      const segments = canonicalSegments(rawPath)
      if (!segments) return { kind: 'refused' }
      // The mock gateway's control plane is never on the data path, in any spelling or depth.
      if (segments.some((segment) => segment.toLowerCase() === '__mock')) return { kind: 'refused' }
      const wanted = method === 'HEAD' ? 'GET' : method
      let owned: AnyEndpoint | undefined
      for (const pattern of patterns) {
        if (pattern.endpoint.gateway !== gateway) continue
        const params = matches(pattern, segments)
        if (!params) continue
        if (pattern.endpoint.method !== wanted) continue
        if (pattern.endpoint.bff) {
          owned ??= pattern.endpoint
          continue
        }
        if (!paramsFit(pattern.endpoint, params)) continue
        return {
          kind: 'forward',
          target: { endpoint: pattern.endpoint, path: spell(pattern.endpoint, product, params) },
        }
      }
      return owned ? { kind: 'owned', endpoint: owned } : { kind: 'refused' }
    },
  }
}
