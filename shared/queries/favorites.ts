/** The signed-in shopper's favorites (personal: fetched in the browser after hydration). */
import { definePersonalQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/favorites.ts')

/** The favorite goods ids. */
export const favoritesQuery = definePersonalQuery('favorites.list', async (api, _args: [], signal) =>
  api.call((await gateway()).listFavorites, { signal }),
)
