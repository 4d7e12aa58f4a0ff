/** Search suggestions (`/v2/suggestions`, `/v2/suggestions/popular`). */
import * as z from 'zod/mini'
import { IdSchema, ImageSchema, PriceSchema, queryInt } from './common.ts'

/** One suggestion: goods, a brand or a category, with the storefront path it leads to. */
export const SuggestionSchema = z.object({
  type: z.enum(['goods', 'brand', 'category']),
  id: IdSchema,
  text: z.string(),
  url: z.string(),
  image: z.nullable(ImageSchema),
  price: z.nullable(PriceSchema),
})
export type Suggestion = z.infer<typeof SuggestionSchema>

/** `GET /v2/suggestions?q=`: names, brands and categories containing the words of `q`. */
export const SuggestionsSchema = z.object({
  query: z.string(),
  items: z.array(SuggestionSchema),
})
export type Suggestions = z.infer<typeof SuggestionsSchema>

/** Query of `/v2/suggestions`. */
export const SuggestionsQuerySchema = z.object({
  q: z.string().check(z.maxLength(200)),
  limit: z.optional(queryInt(1).check(z.maximum(30))),
})

/** `GET /v2/suggestions/popular`: what shoppers search for most. */
export const PopularSuggestionsSchema = z.object({ items: z.array(z.object({ text: z.string() })) })
export type PopularSuggestions = z.infer<typeof PopularSuggestionsSchema>
