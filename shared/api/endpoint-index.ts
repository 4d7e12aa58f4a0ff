/** Finds the catalogue entry of a concrete gateway call (the proxy's auth decision uses it). */
import { pathMatcher, type AnyEndpoint, type Gateway } from './endpoint.ts'

/** A lookup from (gateway, method, path) to the endpoint definition. */
export interface EndpointIndex {
  find(gateway: Gateway, method: string, path: string): AnyEndpoint | undefined
}

/** Builds the index once; literal paths win over parameterised ones. */
export function createEndpointIndex(endpoints: readonly AnyEndpoint[], product: string): EndpointIndex {
  const entries = endpoints
    .map((def) => ({ def, match: pathMatcher(def.path, product), literal: !def.path.includes(':') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal))
  return {
    find(gateway, method, path) {
      for (const entry of entries) {
        if (entry.def.gateway === gateway && entry.def.method === method && entry.match(path)) return entry.def
      }
      return undefined
    },
  }
}
