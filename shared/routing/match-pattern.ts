/**
 * Matching a path against a compiled route pattern: the routing rules' side, which the
 * browser needs only with the routing kit (a navigation or a prefetch), not to hydrate a page.
 */
import type { CompiledPattern } from './match.ts'

/** Splits `{id}-{slug}` at the first hyphen; without a hyphen there is no slug (spec section 5). */
export function splitIdSlug(segment: string): { id: string; slug: string | undefined } {
  const index = segment.indexOf('-')
  return index < 0 ? { id: segment, slug: undefined } : { id: segment.slice(0, index), slug: segment.slice(index + 1) }
}

/**
 * A path's segments, each percent-decoded (empty ones, as from a trailing slash, left out); undefined
 * when an escape is malformed, which no route matches.
 */
export function pathSegments(pathname: string): string[] | undefined {
  const parts = pathname.split('/').filter(Boolean)
  try {
    return parts.map((part) => decodeURIComponent(part))
  } catch {
    return undefined
  }
}

/** Matches a path's decoded segments (`pathSegments`) against a pattern; the raw string params or undefined. */
export function matchSegments(pattern: CompiledPattern, parts: readonly string[]): Record<string, string> | undefined {
  if (parts.length !== pattern.segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const segment = pattern.segments[i]!
    const part = parts[i]!
    if (segment.kind === 'literal') {
      if (part !== segment.value) return undefined
    } else if (segment.kind === 'param') {
      params[segment.name] = part
    } else {
      const { id, slug } = splitIdSlug(part)
      if (slug === undefined || slug === '' || id === '') return undefined
      params[segment.id] = id
      params[segment.slug] = slug
    }
  }
  return params
}
