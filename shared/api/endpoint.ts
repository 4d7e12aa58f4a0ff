/**
 * Gateway endpoint definitions: one entry per gateway call, read by the API client, the server's loaders,
 * the proxy's auth decision and the mock gateway alike.
 */
import type { $ZodType, output } from 'zod/v4/core'

export type Gateway = 'web' | 'id'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface EndpointDef<
  TParams extends Record<string, string | number> = Record<string, string | number>,
  TQuery = unknown,
  TBody = unknown,
  TResponse = unknown,
> {
  /** Stable name, used in logs, metrics labels and SWR keys (`goods.get`). */
  readonly name: string
  readonly gateway: Gateway
  readonly method: HttpMethod
  /** Path under the gateway base: `:name` segments come from params, `{product}` is the brand slug. */
  readonly path: string
  /** The server attaches `Authorization: Bearer` only when this is true (spec section 6). */
  readonly auth: boolean
  readonly params?: $ZodType<TParams>
  readonly query?: $ZodType<TQuery>
  readonly body?: $ZodType<TBody>
  readonly response: $ZodType<TResponse>
  /**
   * Answered by our own server instead of being proxied (DESIGN.md "Sessions"): the login calls, whose
   * answers carry tokens or the login code, the registration and the profile change (they set cookies),
   * and the cross-token exchange. The proxy refuses them in every spelling.
   */
  readonly bff?: boolean
  /** The answer is not JSON (an SVG icon): the client returns the text, unvalidated by JSON parsing. */
  readonly responseType?: 'json' | 'text'
  /**
   * The wire names a field `{product}IDCode` (`auroraIDCode`); the app calls it `idCode`.
   * The client renames it both ways, so schemas stay brand-independent.
   */
  readonly productCode?: boolean
}

/** Declares an endpoint; the generic parameters are inferred from the schemas. */
export function defineEndpoint<
  TParamsSchema extends $ZodType<Record<string, string | number>> | undefined = undefined,
  TQuerySchema extends $ZodType | undefined = undefined,
  TBodySchema extends $ZodType | undefined = undefined,
  TResponseSchema extends $ZodType = $ZodType,
>(def: {
  name: string
  gateway: Gateway
  method: HttpMethod
  path: string
  auth: boolean
  params?: TParamsSchema
  query?: TQuerySchema
  body?: TBodySchema
  response: TResponseSchema
  bff?: boolean
  responseType?: 'json' | 'text'
  productCode?: boolean
}): EndpointDef<
  TParamsSchema extends $ZodType ? output<TParamsSchema> : Record<string, never>,
  TQuerySchema extends $ZodType ? output<TQuerySchema> : undefined,
  TBodySchema extends $ZodType ? output<TBodySchema> : undefined,
  output<TResponseSchema>
> {
  return Object.freeze(def) as never
}

/** Any endpoint, for catalogue-wide code (the proxy, the mock gateway, schema tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = EndpointDef<any, any, any, any>
export type ParamsOf<E> = E extends EndpointDef<infer P, unknown, unknown, unknown> ? P : never
export type QueryOf<E> = E extends EndpointDef<Record<string, string | number>, infer Q, unknown, unknown> ? Q : never
export type BodyOf<E> = E extends EndpointDef<Record<string, string | number>, unknown, infer B, unknown> ? B : never
export type ResponseOf<E> =
  E extends EndpointDef<Record<string, string | number>, unknown, unknown, infer R> ? R : never

/** The wire field name of the one-time login code for a brand (`auroraIDCode`). */
const idCodeField = (product: string): string => `${product}IDCode`

/** Fills `:name` segments and `{product}`; every param is URL-encoded, a missing one throws. */
export function buildPath(
  def: Pick<EndpointDef, 'path' | 'name'>,
  params: Record<string, string | number> | undefined,
  product: string,
): string {
  return def.path.replaceAll('{product}', encodeURIComponent(product)).replace(/:([A-Za-z]\w*)/g, (_, key: string) => {
    const value = params?.[key]
    if (value === undefined || value === '') throw new Error(`${def.name}: missing path param ${key}`)
    return encodeURIComponent(String(value))
  })
}

/** Serialises a query object: arrays become repeated keys, undefined and null are left out. */
export function buildQuery(query: unknown): string {
  if (query === undefined || query === null) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * Turns an endpoint path template into a matcher for concrete paths (the proxy's auth decision and the
 * mock gateway use it). Returns the params on a match.
 */
export function pathMatcher(template: string, product: string): (path: string) => Record<string, string> | undefined {
  const names: string[] = []
  const source = template
    .replaceAll('{product}', product)
    .split('/')
    .map((segment) =>
      segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
        names.push(name)
        return '([^/]+)'
      }),
    )
    .join('/')
  const regex = new RegExp(`^${source}$`)
  return (path) => {
    const match = regex.exec(path)
    if (!match) return undefined
    const params: Record<string, string> = {}
    names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '')
    })
    return params
  }
}

/** Renames `idCode` to the wire's `{product}IDCode` (requests). */
export function toWire(value: unknown, product: string): unknown {
  if (!value || typeof value !== 'object' || !('idCode' in value)) return value
  const { idCode, ...rest } = value as Record<string, unknown>
  return { ...rest, [idCodeField(product)]: idCode }
}

/** Renames the wire's `{product}IDCode` to `idCode` (answers). */
export function fromWire(value: unknown, product: string): unknown {
  const field = idCodeField(product)
  if (!value || typeof value !== 'object' || !(field in value)) return value
  const { [field]: idCode, ...rest } = value as Record<string, unknown>
  return { ...rest, idCode }
}
