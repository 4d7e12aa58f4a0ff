/** How a client navigation loads a route's data: into SWR's cache under its key, one fetch per key at a time. */
import { mutate } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import type { Query } from '#shared/routing/query.ts'
import { fetchOnce } from '#client/lib/single-flight.ts'

/**
 * The `load` of `navigate`'s inputs. The fetch is shared with a prefetch or the view's hook asking for
 * the key meanwhile; a prefetch that has just failed gives its failure instead of a second round of
 * calls to a failing backend.
 */
export const loadIntoSwr =
  (api: ApiClient) =>
  (key: string, query: Query<unknown>): Promise<unknown> =>
    mutate(
      key,
      fetchOnce(key, () => query.fetch(api), { reuseFailure: true }),
      { revalidate: false },
    )
