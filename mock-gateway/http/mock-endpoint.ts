/**
 * The one way catalogue endpoints become msw handlers: the path comes from the definition (gateway
 * base + path), params/query/body are parsed with its schemas (400 `validationError` on bad input,
 * and on a query parameter or a body key at any depth the schema does not take), a body must be
 * declared as JSON (415), `auth` endpoints answer 401 without a valid token, the `{product}IDCode`
 * field is renamed both ways, with `checkAnswers` every answer is checked against `def.response`, and
 * the answers of `cacheable` endpoints are serialized once and kept in the state's answer cache until
 * the data changes.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { safeParse, type core } from 'zod/mini'
import {
  fromWire,
  toWire,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '#shared/api/endpoint.ts'
import { bearerUser } from '../auth/tokens.ts'
import { gatewayBase, type MockState } from '../state.ts'
import type { CachedAnswer } from './answer-cache.ts'
import { gatewayError, validationError } from './gateway-error.ts'
import { schemaKeys, unknownKeys, unknownNestedKeys } from './known-keys.ts'

/** What a resolver gets: parsed input, and the user of the bearer token ('' for an anonymous call). */
export interface EndpointArgs<E extends AnyEndpoint> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  /** The token's user; always set for `auth` endpoints, '' for anonymous calls of the others. */
  userId: string
  request: Request
}

/** A resolver answers data of the endpoint's schema, or a ready Response (errors). */
export type EndpointResolver<E extends AnyEndpoint> = (
  args: EndpointArgs<E>,
) => ResponseOf<E> | Response | Promise<ResponseOf<E> | Response>

/** The msw path of an endpoint: `*` (any origin) + gateway base + path with `{product}` filled in. */
export function mswPath(def: AnyEndpoint, product: string): string {
  return `*${gatewayBase(def.gateway, product)}${def.path.replaceAll('{product}', product)}`
}

/** Reads a query string into an object: repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    result[key] = values.length === 1 ? (values[0] as string) : values
  }
  return result
}

/** Field messages of a zod error, keyed by dotted path. */
function issueFields(error: core.$ZodError, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues)
    fields[[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix] ??= issue.message
  return fields
}

/** The cache key of a GET: its path and query, after the bearer credential for a shopper's own answer. */
export const answerKey = (pathAndQuery: string, authorization: string | null | undefined): string =>
  authorization ? `${authorization} ${pathAndQuery}` : pathAndQuery

/** When a request's (already verified) bearer token expires, in ms; undefined without one. */
function tokenExpiry(request: Request): number | undefined {
  const payload = /^Bearer\s+[\w-]+\.([\w-]+)\./i.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!payload) return undefined
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof exp === 'number' ? exp * 1000 : 0
  } catch {
    return 0
  }
}

/** Options of mockEndpoint. */
export interface MockEndpointOptions {
  /**
   * The answer depends only on the URL and the collections (not on the user, the clock or headers),
   * so a GET answer may be kept until the data changes (see answer-cache.ts).
   */
  cacheable?: boolean
  /**
   * A clock-bound GET: the answer depends on the URL, the collections, the mock clock and (for `auth`
   * endpoints) the shopper, and stays true until the instant this answers (the next promotion to start
   * or end, the next order step). It is kept until then, per bearer token for `auth` endpoints, and
   * never beyond the token's expiry.
   */
  keptUntil?: (args: { userId: string; now: number }) => number
}

/** The options of an endpoint whose GET answers may be kept until the data changes. */
export const CACHEABLE: MockEndpointOptions = Object.freeze({ cacheable: true })

const TEXT_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
} as const

/** The answer's bytes and headers, as HttpResponse.json / the SVG branch would give them. */
function serialize(def: AnyEndpoint, answer: unknown, product: string): CachedAnswer {
  if (def.responseType === 'text') {
    const body = Buffer.from(String(answer))
    return { status: 200, headers: { ...TEXT_HEADERS }, body }
  }
  const body = Buffer.from(JSON.stringify(def.productCode ? toWire(answer, product) : answer))
  return { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body }
}

/** A Response of a kept (or freshly serialized) answer. */
export const answerResponse = (answer: CachedAnswer): Response =>
  new HttpResponse(new Uint8Array(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength), {
    status: answer.status,
    headers: answer.headers,
  })

/** `application/json` or a `+json` type, any parameters (`; charset=utf-8`). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const

/** Creates the msw handler of one catalogue endpoint. */
export function mockEndpoint<E extends AnyEndpoint>(
  state: MockState,
  def: E,
  resolver: EndpointResolver<E>,
  options: MockEndpointOptions = {},
): HttpHandler {
  const { product } = state.config
  const cacheable = (options.cacheable === true || options.keptUntil !== undefined) && def.method === 'GET'
  const { keptUntil } = options
  // The wire's names: the login code travels as `{product}IDCode`. No query schema: no parameter is taken;
  // a schema that is not a closed object (undefined) is not checked.
  const bodyKeys =
    def.body && schemaKeys(def.body)?.map((key) => (def.productCode && key === 'idCode' ? `${product}IDCode` : key))
  const queryKeys = def.query ? schemaKeys(def.query) : []
  const takes = (keys: readonly string[], what: string) =>
    keys.length ? `${def.name} takes ${keys.join(', ')}` : `${def.name} takes no ${what}`
  return METHODS[def.method](mswPath(def, product), async ({ request, params: rawParams }) => {
    let cacheKey: string | undefined
    if (cacheable) {
      const url = new URL(request.url)
      cacheKey = answerKey(url.pathname + url.search, def.auth ? request.headers.get('authorization') : null)
      const kept = state.answers.get(cacheKey, state.clock.now())
      if (kept) return answerResponse(kept)
    }
    const generation = state.answers.generation
    const userId = bearerUser(state, request) ?? ''
    if (def.auth && !userId) return gatewayError(401, 'unauthorized', 'Нужна авторизация')

    let params: unknown = {}
    if (def.params) {
      const parsed = safeParse(def.params, rawParams)
      if (!parsed.success) return validationError(issueFields(parsed.error, 'params'))
      params = parsed.data
    }
    let query: unknown = undefined
    const rawQuery = queryObject(new URL(request.url))
    const unknownQuery =
      queryKeys &&
      unknownKeys(rawQuery, queryKeys, {
        prefix: 'query',
        kind: 'parameter',
        takes: takes(queryKeys, 'query parameters'),
      })
    if (def.query) {
      const parsed = safeParse(def.query, rawQuery)
      if (!parsed.success || unknownQuery)
        return validationError({ ...unknownQuery, ...(parsed.success ? {} : issueFields(parsed.error, 'query')) })
      query = parsed.data
    } else if (unknownQuery) return validationError(unknownQuery)
    let body: unknown = undefined
    if (def.body) {
      const type = request.headers.get('content-type')
      if (!type || !JSON_TYPE.test(type))
        return gatewayError(
          415,
          'unsupportedMediaType',
          `Тело запроса должно быть JSON с заголовком Content-Type: application/json, а пришло ${type ? `«${type}»` : 'без Content-Type'}`,
        )
      let raw: unknown
      try {
        raw = JSON.parse(await request.text())
      } catch {
        return validationError({ body: 'Тело запроса должно быть JSON' })
      }
      const named = def.productCode ? fromWire(raw, product) : raw
      const unknownBody = {
        ...(bodyKeys && unknownKeys(raw, bodyKeys, { prefix: '', kind: 'key', takes: takes(bodyKeys, 'body keys') })),
        ...unknownNestedKeys(def.body, named, def.name),
      }
      const parsed = safeParse(def.body, named)
      if (!parsed.success || Object.keys(unknownBody).length)
        return validationError({ ...unknownBody, ...(parsed.success ? {} : issueFields(parsed.error, '')) })
      body = parsed.data
    }

    const answer = await resolver({ params, query, body, userId, request } as EndpointArgs<E>)
    if (answer instanceof Response) return answer
    if (state.checkAnswers) {
      const checked = safeParse(def.response, answer)
      if (!checked.success) {
        return gatewayError(
          500,
          'mockAnswerInvalid',
          `${def.name}: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
        )
      }
    }
    const serialized = serialize(def, answer, product)
    if (cacheKey !== undefined) {
      const now = state.clock.now()
      const until = keptUntil ? Math.min(keptUntil({ userId, now }), tokenExpiry(request) ?? Infinity) : undefined
      if (until === undefined || until > now) state.answers.set(cacheKey, { ...serialized, until }, generation)
    }
    return answerResponse(serialized)
  })
}
