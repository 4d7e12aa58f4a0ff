/**
 * Data queries: an SWR key plus the fetcher that fills it, built from one definition so the server's
 * loaders and the browser's hooks can never disagree on a key.
 *
 * Two kinds, told apart by their type: a **shared** query (`defineQuery`: catalogue, content,
 * promotions) is the same for every visitor, so the server fetches it once per key for everyone (its
 * query store, decision 025) with a client that carries no session; a **personal** query
 * (`definePersonalQuery`: anything that reads the session) is fetched per request with the visitor's
 * client, never kept, and makes the page `private, no-store`.
 */
import type { ApiClient } from '../api/client.ts'

/** Loads another shared query's data from inside a fetcher (the server: through its query store). */
export type LoadQuery = <U>(query: SharedQuery<U>) => Promise<U>

interface QueryBase<T> {
  /** The SWR key: `[name, ...args]`. */
  readonly key: readonly [string, ...unknown[]]
  /**
   * Loads the data with the given client (the server's or the browser's); `load` loads the shared
   * queries it is made from (fetched directly when absent).
   */
  readonly fetch: (api: ApiClient, signal?: AbortSignal, load?: LoadQuery) => Promise<T>
  /** A failed optional query hides its block; a failed essential one gives the error page. */
  readonly optional: boolean
}

/** The same for every visitor: shared by the server between requests. */
export interface SharedQuery<T> extends QueryBase<T> {
  readonly personal: false
}

/** Reads the session: fetched per request, never shared or kept, and the page is `private, no-store`. */
export interface PersonalQuery<T> extends QueryBase<T> {
  readonly personal: true
}

/** One unit of route data. */
export type Query<T> = SharedQuery<T> | PersonalQuery<T>

export interface QueryOptions {
  optional?: boolean
}

type Fetcher<TArgs, T> = (api: ApiClient, args: TArgs, signal: AbortSignal | undefined, load: LoadQuery) => Promise<T>

/** Loads a sub-query with the same client and signal (the browser, and the server with its store off). */
const directLoad =
  (api: ApiClient, signal: AbortSignal | undefined): LoadQuery =>
  (query) =>
    query.fetch(api, signal)

/** A query family's declaration, shared or personal by `personal`. */
const family =
  <P extends boolean>(personal: P) =>
  <TArgs extends unknown[], T>(name: string, fetcher: Fetcher<TArgs, T>, options: QueryOptions = {}) =>
  (...args: TArgs): QueryBase<T> & { readonly personal: P } => ({
    key: [name, ...args],
    fetch: (api, signal, load) => fetcher(api, args, signal, load ?? directLoad(api, signal)),
    optional: options.optional ?? false,
    personal,
  })

/** Declares a shared query family: `goodsQuery(id)` gives the query for one product. */
export const defineQuery: <TArgs extends unknown[], T>(
  name: string,
  fetcher: Fetcher<TArgs, T>,
  options?: QueryOptions,
) => (...args: TArgs) => SharedQuery<T> = family(false)

/** Declares a personal query family: its fetcher reads the visitor's session. */
export const definePersonalQuery: <TArgs extends unknown[], T>(
  name: string,
  fetcher: Fetcher<TArgs, T>,
  options?: QueryOptions,
) => (...args: TArgs) => PersonalQuery<T> = family(true)

/** The same query, marked optional for one route (a home-page block). */
export const optional = <Q extends Query<unknown>>(query: Q): Q => ({ ...query, optional: true })

/** The data type a query resolves to. */
export type QueryData<Q> = Q extends Query<infer T> ? T : never
