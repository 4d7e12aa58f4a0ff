/**
 * Route patterns: literal segments, `:name` segments, and the `:id-:slug` segment of spec section 5
 * that splits an id from a slug at the first hyphen. Building a path is here (`href` needs it on every
 * page); matching a path is match-pattern.ts (the routing rules' side, which the browser loads with
 * the routing kit).
 */

type Segment =
  { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'id-slug'; id: string; slug: string }

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
  const paramNames = segments.flatMap((s) =>
    s.kind === 'param' ? [s.name] : s.kind === 'id-slug' ? [s.id, s.slug] : [],
  )
  return { source, segments, paramNames }
}

/** Builds a path from a pattern; every value is percent-encoded. Returns undefined when a param is missing. */
export function fillPattern(
  pattern: CompiledPattern,
  params: Record<string, string | number | undefined>,
): string | undefined {
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
