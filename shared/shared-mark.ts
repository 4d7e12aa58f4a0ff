/**
 * The brand of values that many requests share on the server: an answer the answer memo kept, a view
 * made once from it, the public config. Such a value is frozen, deeply, so nothing can change it, and
 * branded, so the layers that keep what is derived from shared data (the data blocks, the kept
 * fragments, the views made once) can tell it from a value that only happens to be frozen.
 * server/caching/README.md lists the layers.
 */

const SHARED = new WeakSet<object>()

/** Freezes `value` and everything in it and brands each object as shared; returns `value`. */
export function markShared<T>(value: T): T {
  if (typeof value !== 'object' || value === null || SHARED.has(value)) return value
  Object.freeze(value)
  SHARED.add(value)
  for (const key of Object.keys(value)) markShared((value as Record<string, unknown>)[key])
  return value
}

/** Whether `value` may be shared: a primitive, or an object `markShared` branded. */
export function isShared(value: unknown): boolean {
  return typeof value !== 'object' || value === null || SHARED.has(value)
}
