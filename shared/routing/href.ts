/** Typed links: `href('product', { product: 12, slug: 'krem' })`; a missing param fails to compile. */
import { ROUTES, type RouteName } from './routes.ts'
import { compilePattern, fillPattern } from './match.ts'
import type { RouteDef } from './types.ts'

type ParamsInput<R> =
  R extends RouteDef<string, infer P> ? { [K in keyof P]: P[K] extends number ? number | string : P[K] } : never

type NoParams = {
  [K in RouteName]: ParamsInput<(typeof ROUTES)[K]> extends Record<string, unknown>
    ? keyof ParamsInput<(typeof ROUTES)[K]> extends never
      ? K
      : never
    : K
}[RouteName]

const compiled = new Map<string, ReturnType<typeof compilePattern>[]>()
const patternsOf = (name: RouteName) => {
  let list = compiled.get(name)
  if (!list) {
    list = ROUTES[name].patterns.map(compilePattern)
    compiled.set(name, list)
  }
  return list
}

/** Builds the path of a route, with an optional query object (empty values left out). */
export function href<N extends RouteName>(
  name: N,
  ...args: N extends NoParams
    ? [params?: Record<string, never>, query?: Record<string, string | number | undefined>]
    : [params: ParamsInput<(typeof ROUTES)[N]>, query?: Record<string, string | number | undefined>]
): string {
  const [params, query] = args as [
    Record<string, string | number | undefined> | undefined,
    Record<string, string | number | undefined> | undefined,
  ]
  for (const pattern of patternsOf(name)) {
    const path = fillPattern(pattern, params ?? {})
    if (path === undefined) continue
    // Most links have no query (every card of a list): no URLSearchParams for them.
    if (!query) return path
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== '') search.set(key, String(value))
    const text = search.toString()
    return text ? `${path}?${text}` : path
  }
  throw new Error(`href(${name}): missing params`)
}
