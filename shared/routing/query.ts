/**
 * Data queries: an SWR key plus the fetcher that fills it, built from one definition so the server's
 * loaders and the browser's hooks can never disagree on a key.
 */
import type { ApiClient } from '../api/client.ts'

/** One unit of route data. */
export interface Query<T> {
  /** The SWR key: `[name, ...args]`. */
  readonly key: readonly [string, ...unknown[]]
  /** Loads the data with the given client (the server's per-request client or the browser's). */
  readonly fetch: (api: ApiClient, signal?: AbortSignal) => Promise<T>
  /** A failed optional query hides its block; a failed essential one gives the error page. */
  readonly optional: boolean
  /** Personal data (needs the session): never cached across users, makes the page `private, no-store`. */
  readonly personal: boolean
}

export interface QueryOptions {
  optional?: boolean
  personal?: boolean
}

/** Declares a query family: `goodsQuery(id)` gives the query for one product. */
export function defineQuery<TArgs extends unknown[], T>(
  name: string,
  fetcher: (api: ApiClient, args: TArgs, signal?: AbortSignal) => Promise<T>,
  options: QueryOptions = {},
): (...args: TArgs) => Query<T> {
  return (...args) => ({
    key: [name, ...args],
    fetch: (api, signal) => fetcher(api, args, signal),
    optional: options.optional ?? false,
    personal: options.personal ?? false,
  })
}

/** The same query, marked optional for one route (a home-page block). */
export const optional = <T>(query: Query<T>): Query<T> => ({ ...query, optional: true })

/** The data type a query resolves to. */
export type QueryData<Q> = Q extends Query<infer T> ? T : never
