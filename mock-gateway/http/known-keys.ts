/**
 * The keys an endpoint's body or query schema takes. The shared schemas are plain `z.object`s, which
 * drop unknown keys silently (the store relies on that for answers); the mock compares a request's
 * keys with them instead, so that a misspelled field is refused rather than ignored.
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

/**
 * The keys an object schema takes, seen through optional, nullable, default and pipe wrappers;
 * undefined when the schema is not a closed object (a union, a record, a loose object): then any key
 * may be meant, and the caller does not check.
 */
export function schemaKeys(schema: core.$ZodType): string[] | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string }
  if (def.type === 'object') {
    const catchall = def.catchall as core.$ZodType | undefined
    if (catchall && catchall._zod.def.type !== 'never') return undefined
    return Object.keys(def.shape as Record<string, unknown>)
  }
  const inner = INNER[def.type]?.(def)
  return inner ? schemaKeys(inner as core.$ZodType) : undefined
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
