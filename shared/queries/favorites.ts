/** The signed-in shopper's favorites (personal: fetched in the browser after hydration). */
import { listFavorites } from '../gateway/favorites.ts'
import { defineQuery } from '../routing/query.ts'

/** The favorite goods ids. */
export const favoritesQuery = defineQuery('favorites.list', (api, _args: [], signal) => api.call(listFavorites, { signal }), { personal: true })
