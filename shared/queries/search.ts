/** Queries of the search suggestions. */
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/search.ts')

/** Most suggestions shown under the search field. */
const SUGGESTIONS_LIMIT = 8

/** Goods, brands and categories matching the words typed so far. */
export const suggestionsQuery = defineQuery('suggestions.get', async (api, [q]: [string], signal) =>
  api.call((await gateway()).getSuggestions, { query: { q: q.slice(0, 200), limit: SUGGESTIONS_LIMIT }, signal }),
)

/** What shoppers search for most (shown for the empty field). */
export const popularSuggestionsQuery = defineQuery('suggestions.popular', async (api, _args: [], signal) =>
  api.call((await gateway()).getPopularSuggestions, { signal }),
)
