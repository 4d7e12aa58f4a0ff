/**
 * The gateway contract as OpenAPI 3.1, generated from the endpoint catalogue (`shared/gateway/`) and
 * the zod schemas the store validates with (zod 4's JSON Schema output): one operation per call, with
 * its method, path, parameters, request body, the answer, and the error answers (the codes of spec
 * section 8 and the ones the catalogue documents). `GET /__mock/openapi.json` serves it; `npm run
 * contract` writes it to `docs/gateway-openapi.json`.
 */
import { toJSONSchema } from 'zod'
import type { AnyEndpoint } from '#shared/api/endpoint.ts'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { gatewayBase } from '../state.ts'

type JsonSchema = Record<string, unknown>

/** Error answers of one call beyond 400 `validationError` (calls with input) and 401 `unauthorized` (`auth` calls). */
export const ERROR_CODES: Readonly<Record<string, Readonly<Record<number, readonly string[]>>>> = {
  'auth.otp.request': { 400: ['CaptchaError'], 422: ['unprocessableEntity'] },
  'auth.otp.check': { 400: ['wrongCode'], 422: ['attemptExpired'] },
  'auth.token': { 422: ['user_not_found', 'idCodeExpired'] },
  'auth.token.refresh': { 401: ['unauthorized'] },
  'auth.crossToken.exchange': { 404: ['profileNotFound'], 422: ['incompleteProfile'] },
  'profile.update': { 422: ['emailForbiddenToUse'] },
  'profile.register': { 409: ['alreadyRegistered', 'cardMergeBlocked'], 422: ['idCodeExpired', 'emailForbiddenToUse'] },
  'profile.bunch': { 422: ['incomplete_profile_info'] },
  'content.icon': { 404: ['notFound'] },
  'articles.get': { 404: ['notFound'] },
  'mainPage.publication': { 404: ['notFound'] },
  'categories.store': { 404: ['notFound'] },
  'goods.get': { 404: ['notFound'] },
  'goods.search': { 422: ['unprocessableEntity'] },
  'goods.filters': { 422: ['unprocessableEntity'] },
  'promotions.item': { 404: ['notFound'] },
  'cities.byFiasId': { 404: ['notFound'] },
  'stores.byCode': { 404: ['notFound'] },
  'favorites.add': { 404: ['notFound'] },
  'reviews.scores': { 404: ['notFound'] },
  'polls.get': { 404: ['notFound'] },
  'feedback.send': { 404: ['notFound'], 409: ['alreadyAccepted'] },
  'cart.add': { 404: ['notFound'], 409: ['outOfStock'] },
  'cart.setQuantity': { 404: ['notFound'] },
  'checkout.delivery': { 404: ['notFound'], 409: ['storeChanged'] },
  'checkout.payment': { 404: ['notFound'] },
  'checkout.deliverySlots': { 404: ['notFound'] },
  'checkout.placeOrder': { 409: ['cartChanged', 'outOfStock', 'storeChanged', 'emptyCart', 'slotUnavailable'] },
  'orders.get': { 404: ['notFound'] },
  'orders.cancel': { 404: ['notFound'], 409: ['cancelNotAllowed'] },
  'paymentMethods.addSbp': { 404: ['notFound'], 409: ['alreadyAccepted'] },
  'paymentMethods.rename': { 404: ['notFound'] },
  'paymentMethods.setDefault': { 404: ['notFound'] },
  'paymentMethods.delete': { 404: ['notFound'] },
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'No valid access token',
  404: 'Not found',
  409: 'Conflict',
  422: 'Unprocessable',
}

/** The gateway's error body `{ code, message?, fields?, … }` (shared/api/gateway-error.ts). */
const GATEWAY_ERROR: JsonSchema = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    attemptsLeft: { type: 'integer', minimum: 0 },
    goodsIds: { type: 'array', items: { type: 'integer' } },
    cartVersion: { type: 'integer' },
  },
}

/** The OpenAPI path of a catalogue path: gateway base, `{product}` filled in, `:name` as `{name}`. */
export function openApiPath(def: AnyEndpoint, product: string): string {
  return `${gatewayBase(def.gateway, product)}${def.path.replaceAll('{product}', product)}`.replace(
    /:([A-Za-z]\w*)/g,
    '{$1}',
  )
}

/**
 * A zod schema as a JSON Schema embedded in the document: no `$schema`, and `$defs` moved to
 * `components.schemas` (a `#/$defs/…` reference would resolve against the document's root).
 */
function embed(schema: unknown, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchema>) {
  const json = toJSONSchema(schema as never, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema
  delete json.$schema
  const defs = json.$defs as Record<string, JsonSchema> | undefined
  delete json.$defs
  if (!defs) return json
  const rename = (name: string) => `${prefix}.${name}`.replace(/[^\w.-]/g, '_')
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (!value || typeof value !== 'object') return value
    const out: JsonSchema = {}
    for (const [key, item] of Object.entries(value))
      out[key] =
        key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')
          ? `#/components/schemas/${rename(item.slice('#/$defs/'.length))}`
          : rewrite(item)
    return out
  }
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def) as JsonSchema
  return rewrite(json) as JsonSchema
}

/** Renames the login code field `idCode` to the wire's `{product}IDCode` in an object schema. */
function wireNames(schema: JsonSchema, product: string): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined
  if (!properties || !('idCode' in properties)) return schema
  const field = `${product}IDCode`
  const { idCode, ...rest } = properties
  return {
    ...schema,
    properties: { ...rest, [field]: idCode },
    ...(Array.isArray(schema.required)
      ? { required: (schema.required as string[]).map((name) => (name === 'idCode' ? field : name)) }
      : {}),
  }
}

const errorResponse = (status: number, codes: readonly string[]) => ({
  description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`,
  content: {
    'application/json': {
      schema: {
        allOf: [{ $ref: '#/components/schemas/GatewayError' }],
        properties: { code: { type: 'string', enum: [...codes] } },
      },
    },
  },
})

function operation(def: AnyEndpoint, product: string, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = []
  const pathNames = [...def.path.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1] as string)
  const paramsSchema = def.params ? embed(def.params, 'input', `${def.name}.params`, components) : undefined
  for (const name of pathNames) {
    const schema = (paramsSchema?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? { type: 'string' }
    parameters.push({ name, in: 'path', required: true, schema })
  }
  if (def.query) {
    const query = embed(def.query, 'input', `${def.name}.query`, components)
    const required = new Set((query.required as string[] | undefined) ?? [])
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {}))
      parameters.push({ name, in: 'query', required: required.has(name), schema })
  }
  const errors: Record<number, string[]> = {}
  const addError = (status: number, code: string) => {
    const list = (errors[status] ??= [])
    if (!list.includes(code)) list.push(code)
  }
  if (def.params || def.query || def.body) addError(400, 'validationError')
  if (def.auth) addError(401, 'unauthorized')
  for (const [status, codes] of Object.entries(ERROR_CODES[def.name] ?? {}))
    for (const code of codes) addError(Number(status), code)

  const response =
    def.responseType === 'text'
      ? { 'image/svg+xml': { schema: { type: 'string' } } }
      : {
          'application/json': {
            schema: wireNames(embed(def.response, 'output', `${def.name}.response`, components), product),
          },
        }
  return {
    operationId: def.name,
    summary: def.name,
    tags: [def.gateway === 'web' ? 'web gateway' : 'id gateway'],
    ...(def.auth ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: wireNames(embed(def.body, 'input', `${def.name}.body`, components), product),
              },
            },
          },
        }
      : {}),
    responses: {
      200: { description: 'OK', content: response },
      ...Object.fromEntries(
        Object.entries(errors)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([status, codes]) => [status, errorResponse(Number(status), codes)]),
      ),
      default: {
        description: 'Any other 4xx or 5xx (spec section 8): the gateway error body',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/GatewayError' } } },
      },
    },
  }
}

/** Builds the OpenAPI 3.1 document of the gateway catalogue for a brand. */
export function buildOpenApi(product = 'aurora', endpoints: readonly AnyEndpoint[] = ENDPOINTS) {
  const components: Record<string, JsonSchema> = { GatewayError: GATEWAY_ERROR }
  const paths: Record<string, Record<string, unknown>> = {}
  // Sorted by path and method: the order of the catalogue's modules differs between bundlers.
  const sorted = [...endpoints].sort(
    (a, b) =>
      openApiPath(a, product).localeCompare(openApiPath(b, product), 'en') || a.method.localeCompare(b.method, 'en'),
  )
  for (const def of sorted) {
    const path = openApiPath(def, product)
    const item = (paths[path] ??= {})
    const method = def.method.toLowerCase()
    if (item[method]) throw new Error(`two endpoints for ${def.method} ${path}`)
    item[method] = operation(def, product, components)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${product} gateways (web and id)`,
      version: '1.0.0',
      description:
        'Generated from the storefront endpoint catalogue (shared/gateway/) and its zod schemas. Paths carry the ' +
        `gateway base: /webgate for the web gateway, /${product}-id for the id gateway. Error bodies are ` +
        '{ code, message?, fields? }. Do not edit: run `npm run contract`.',
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'the mock gateway' }],
    tags: [
      { name: 'web gateway', description: '/webgate' },
      { name: 'id gateway', description: `/${product}-id` },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  }
}
