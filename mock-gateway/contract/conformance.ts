/**
 * Checks answers against the OpenAPI document (tests only): finds the operation of a method and path,
 * and validates the status and JSON body with the answer's schema (its status, else `default`) using
 * Ajv's JSON Schema 2020-12, the dialect of OpenAPI 3.1.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { buildOpenApi } from './openapi.ts'

type Document = ReturnType<typeof buildOpenApi>

// ajv-formats is CommonJS: its default export is the plugin (or a namespace holding it).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void

const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')

/** A checker of answers against a document: an empty list means the answer conforms. */
export function createConformance(doc: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema(doc as object, 'contract')
  // Literal paths first: `/v2/goods/search` is not `/v2/goods/{id}`.
  const routes = Object.keys(doc.paths)
    .map((template) => ({
      template,
      params: template.split('{').length,
      regex: new RegExp(`^${template.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params)
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>()

  return function check(method: string, path: string, status: number, body: unknown): string[] {
    const route = routes.find(({ regex }) => regex.test(path))
    if (!route) return [`no operation for path ${path}`]
    const operation = (doc.paths[route.template] as Record<string, { responses: Record<string, unknown> }>)[
      method.toLowerCase()
    ]
    if (!operation) return [`no operation ${method} ${route.template}`]
    const key = String(status) in operation.responses ? String(status) : 'default'
    if (!(key in operation.responses)) return [`${method} ${route.template}: status ${status} is not in the contract`]
    const response = operation.responses[key] as { content?: Record<string, unknown> }
    if (!response.content?.['application/json']) return []
    const ref = `contract#/paths/${pointer(route.template)}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`
    let validate = compiled.get(ref)
    if (!validate) {
      validate = ajv.compile({ $ref: ref })
      compiled.set(ref, validate)
    }
    if (validate(body)) return []
    return (validate.errors ?? []).map(
      (error) => `${method} ${path} ${status}: ${error.instancePath || '(body)'} ${error.message ?? 'invalid'}`,
    )
  }
}
