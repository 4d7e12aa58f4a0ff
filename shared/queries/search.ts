/** Queries of the search suggestions. */
import { switchLayout } from '../keyboard-layout.ts'
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/search.ts')

/** Most suggestions shown under the search field. */
const SUGGESTIONS_LIMIT = 8

/**
 * Goods, brands and categories matching the words typed so far; when they match nothing, those of the
 * text in the other keyboard layout («rhtv» → «крем»), silently (the answer's `query` says which).
 */
export const suggestionsQuery = defineQuery('suggestions.get', async (api, [q]: [string], signal) => {
  const { getSuggestions } = await gateway()
  const suggest = (text: string) =>
    api.call(getSuggestions, { query: { q: text.slice(0, 200), limit: SUGGESTIONS_LIMIT }, signal })
  const answer = await suggest(q)
  const switched = answer.items.length === 0 ? switchLayout(q) : undefined
  if (!switched) return answer
  const other = await suggest(switched)
  return other.items.length > 0 ? other : answer
})

/** What shoppers search for most (shown for the empty field). */
export const popularSuggestionsQuery = defineQuery('suggestions.popular', async (api, _args: [], signal) =>
  api.call((await gateway()).getPopularSuggestions, { signal }),
)
