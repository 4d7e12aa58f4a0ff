/**
 * The keys an endpoint's body or query schema takes, at the top level and in the body's nested objects.
 * The shared schemas are plain `z.object`s, which drop unknown keys silently (the store relies on that
 * for answers); the mock compares a request's keys with them instead, so that a misspelled field is
 * refused rather than ignored.
 */
import type { core } from 'zod/mini'

/** Wrappers whose inner schema decides the keys (`z.optional(z.object(…))`, `z.pipe(z.object(…), …)`). */
const INNER: Record<string, (def: Record<string, unknown>) => unknown> = {
  optional: (def) => def.innerType,
  nullable: (def) => def.innerType,
  default: (def) => def.innerType,
  prefault: (def) => def.innerType,
  nonoptional: (def) => def.innerType,
  readonly: (def) => def.innerType,
  catch: (def) => def.innerType,
  pipe: (def) => def.in,
}

type Def = Record<string, unknown> & { type: string }

/** The definition of the schema that decides the keys, through the INNER wrappers. */
function unwrap(schema: core.$ZodType): Def {
  const def = schema._zod.def as unknown as Def
  const inner = INNER[def.type]?.(def)
  return inner ? unwrap(inner as core.$ZodType) : def
}

/**
 * The keys an object schema takes, seen through optional, nullable, default and pipe wrappers;
 * undefined when the schema is not a closed object (a union, a record, a loose object): then any key
 * may be meant, and the caller does not check.
 */
export function schemaKeys(schema: core.$ZodType): string[] | undefined {
  const def = unwrap(schema)
  if (def.type !== 'object') return undefined
  const catchall = def.catchall as core.$ZodType | undefined
  if (catchall && catchall._zod.def.type !== 'never') return undefined
  return Object.keys(def.shape as Record<string, unknown>)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/**
 * Field messages for the keys inside `value`'s nested objects (an object's fields, an array's items,
 * a record's values) that their closed object schema does not take, keyed by dotted path like the
 * schema's own issues (`courier.address.stret`, `photos.1.name`); undefined when there is none.
 * The top level is `unknownKeys`' job. Open objects take any key: a record's keys (a free-form map),
 * a loose object, `unknown`, a union (the schema picks the option). A value of the wrong shape is left
 * to the schema's parse.
 */
export function unknownNestedKeys(
  schema: core.$ZodType,
  value: unknown,
  endpoint: string,
): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  const visit = (at: core.$ZodType, item: unknown, path: string[]) => {
    const def = unwrap(at)
    if (def.type === 'object' && isObject(item)) {
      const known = path.length ? schemaKeys(at) : undefined
      if (known) {
        const where = path.join('.')
        const takes = `${where} of ${endpoint} ${known.length ? `takes ${known.join(', ')}` : 'takes no keys'}`
        Object.assign(fields, unknownKeys(item, known, { prefix: where, kind: 'key', takes }))
      }
      for (const [key, field] of Object.entries(def.shape as Record<string, core.$ZodType>))
        if (Object.hasOwn(item, key)) visit(field, item[key], [...path, key])
    } else if (def.type === 'array' && Array.isArray(item)) {
      item.forEach((element, index) => visit(def.element as core.$ZodType, element, [...path, String(index)]))
    } else if (def.type === 'record' && isObject(item)) {
      for (const [key, element] of Object.entries(item)) visit(def.valueType as core.$ZodType, element, [...path, key])
    }
  }
  visit(schema, value, [])
  return Object.keys(fields).length ? fields : undefined
}

/**
 * Field messages for the keys of `value` that are not in `known`, keyed `prefix.key` (or `key`);
 * undefined when there is none or `value` is not an object.
 */
export function unknownKeys(
  value: unknown,
  known: readonly string[],
  what: { prefix: string; kind: string; takes: string },
): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const fields: Record<string, string> = {}
  for (const key of Object.keys(value))
    if (!known.includes(key))
      fields[what.prefix ? `${what.prefix}.${key}` : key] = `unknown ${what.kind} ${key}: ${what.takes}`
  return Object.keys(fields).length ? fields : undefined
}
