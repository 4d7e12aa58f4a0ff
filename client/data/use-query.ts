/** The browser side of a shared query: `useQuery(goodsQuery(id))` reads the SSR fallback, then SWR. */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr'
import type { Query } from '#shared/routing/query.ts'
import { useApi } from '#client/context/app-context.tsx'

/** What reading a query needs: its SWR key (or the key serialized, as a view's loader keys are) and its fetcher. */
export type QueryRef<T> = { readonly key: Query<T>['key'] | string; readonly fetch: Query<T>['fetch'] }

/** Subscribes to a query's data; `null` skips it. Keys and fetchers come from the query itself. */
export function useQuery<T>(query: QueryRef<T> | null, options?: SWRConfiguration<T>): SWRResponse<T> {
  const api = useApi()
  return useSWR<T>(query ? query.key : null, () => query!.fetch(api), options)
}

/**
 * A query whose module loads with its first fetch, keeping its endpoint and schemas out of the first
 * load (toolbar widgets that fetch only after hydration). `key` must be the query's own key — a test
 * beside each caller pins it — so the cache entry is shared with the pages that use `useQuery`.
 */
export function useLazyQuery<T>(
  key: Query<T>['key'] | null,
  load: () => Promise<Query<T>>,
  options?: SWRConfiguration<T>,
): SWRResponse<T> {
  const api = useApi()
  return useSWR<T>(key, async () => (await load()).fetch(api), options)
}
