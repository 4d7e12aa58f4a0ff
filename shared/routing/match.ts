/**
 * Route patterns: literal segments, `:name` segments, and the `:id-:slug` segment of spec section 5
 * that splits an id from a slug at the first hyphen.
 */

type Segment =
  | { kind: 'literal'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'id-slug'; id: string; slug: string }

/** A compiled pattern. */
export interface CompiledPattern {
  readonly source: string
  readonly segments: readonly Segment[]
  readonly paramNames: readonly string[]
}

/** Compiles `/product/:product-:slug` into segments. */
export function compilePattern(source: string): CompiledPattern {
  const segments: Segment[] = source
    .split('/')
    .filter(Boolean)
    .map((part): Segment => {
      const idSlug = /^:(\w+)-:(\w+)$/.exec(part)
      if (idSlug) return { kind: 'id-slug', id: idSlug[1]!, slug: idSlug[2]! }
      if (part.startsWith(':')) return { kind: 'param', name: part.slice(1) }
      return { kind: 'literal', value: part }
    })
  const paramNames = segments.flatMap((s) => (s.kind === 'param' ? [s.name] : s.kind === 'id-slug' ? [s.id, s.slug] : []))
  return { source, segments, paramNames }
}

/** Splits `{id}-{slug}` at the first hyphen; without a hyphen there is no slug (spec section 5). */
export function splitIdSlug(segment: string): { id: string; slug: string | undefined } {
  const index = segment.indexOf('-')
  return index < 0 ? { id: segment, slug: undefined } : { id: segment.slice(0, index), slug: segment.slice(index + 1) }
}

/**
 * Matches a decoded-per-segment path against a pattern; returns the raw string params or undefined.
 * A trailing slash is ignored. Segments are percent-decoded; a malformed escape never matches.
 */
export function matchPattern(pattern: CompiledPattern, pathname: string): Record<string, string> | undefined {
  const parts = pathname.split('/').filter(Boolean)
  if (parts.length !== pattern.segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const segment = pattern.segments[i]!
    let part: string
    try {
      part = decodeURIComponent(parts[i]!)
    } catch {
      return undefined
    }
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

/** Builds a path from a pattern; every value is percent-encoded. Returns undefined when a param is missing. */
export function fillPattern(pattern: CompiledPattern, params: Record<string, string | number | undefined>): string | undefined {
  const parts: string[] = []
  for (const segment of pattern.segments) {
    if (segment.kind === 'literal') parts.push(segment.value)
    else if (segment.kind === 'param') {
      const value = params[segment.name]
      if (value === undefined || value === '') return undefined
      parts.push(encodeURIComponent(String(value)))
    } else {
      const id = params[segment.id]
      const slug = params[segment.slug]
      if (id === undefined || id === '' || slug === undefined || slug === '') return undefined
      parts.push(`${encodeURIComponent(String(id))}-${encodeURIComponent(String(slug))}`)
    }
  }
  return `/${parts.join('/')}`
}
