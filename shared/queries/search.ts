/** Queries of the search suggestions. */
import { getPopularSuggestions, getSuggestions } from '../gateway/search.ts'
import { defineQuery } from '../routing/query.ts'

/** Most suggestions shown under the search field. */
const SUGGESTIONS_LIMIT = 8

/** Goods, brands and categories matching the words typed so far. */
export const suggestionsQuery = defineQuery('suggestions.get', (api, [q]: [string], signal) =>
  api.call(getSuggestions, { query: { q: q.slice(0, 200), limit: SUGGESTIONS_LIMIT }, signal }),
)

/** What shoppers search for most (shown for the empty field). */
export const popularSuggestionsQuery = defineQuery('suggestions.popular', (api, _args: [], signal) => api.call(getPopularSuggestions, { signal }))
