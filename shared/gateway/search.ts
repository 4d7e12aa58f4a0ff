/** Search suggestions. */
import { defineEndpoint } from '../api/endpoint.ts'
import { PopularSuggestionsSchema, SuggestionsQuerySchema, SuggestionsSchema } from '../models/search.ts'

/** Goods, brands and categories matching the words typed so far. */
export const getSuggestions = defineEndpoint({
  name: 'suggestions.get',
  gateway: 'web',
  method: 'GET',
  path: '/v2/suggestions',
  auth: false,
  query: SuggestionsQuerySchema,
  response: SuggestionsSchema,
})

/** Popular searches, for the empty search field. */
export const getPopularSuggestions = defineEndpoint({
  name: 'suggestions.popular',
  gateway: 'web',
  method: 'GET',
  path: '/v2/suggestions/popular',
  auth: false,
  response: PopularSuggestionsSchema,
})
