/** Query-string parsing shared by the server's render and the browser's navigation. */
import type { SearchParams } from './types.ts'

/** Parses a query string (`?a=1&b=2&b=3`, with or without `?`) into the shape the loaders read: repeated keys become lists. */
export function parseSearch(search: string): SearchParams {
  const result: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = result[key]
    result[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return result
}
