/** Search suggestions: goods, brands and categories whose names contain the typed words. */
import type { HttpHandler } from 'msw'
import { getPopularSuggestions, getSuggestions } from '#shared/gateway/search.ts'
import type { Suggestion } from '#shared/models/search.ts'
import { findGoodsFor, matchesWords } from '../domain/catalog.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { POPULAR_SEARCHES } from '../seed/static-content.ts'
import type { MockState } from '../state.ts'

/** Handlers of `/v2/suggestions*`. */
export function searchHandlers(state: MockState): HttpHandler[] {
  return [
    mockEndpoint(state, getPopularSuggestions, () => POPULAR_SEARCHES, CACHEABLE),
    mockEndpoint(
      state,
      getSuggestions,
      ({ query }) => {
        const text = query.q.trim()
        const limit = query.limit ?? 10
        if (!text) return { query: query.q, items: [] }
        const categories: Suggestion[] = state.db.categories
          .findMany()
          .filter((c) => matchesWords(c.name, text))
          .slice(0, 3)
          .map((c) => ({
            type: 'category',
            id: c.id,
            text: c.name,
            url: `/catalog/${c.id}-${c.slug}`,
            image: c.image,
            price: null,
          }))
        const brands: Suggestion[] = state.db.brands
          .findMany()
          .filter((b) => matchesWords(b.name, text))
          .slice(0, 3)
          .map((b) => ({
            type: 'brand',
            id: b.id,
            text: b.name,
            url: `/search?brand=${b.slug}`,
            image: b.logo,
            price: null,
          }))
        const goods: Suggestion[] = findGoodsFor(state, { q: text })
          .slice(0, limit)
          .map((g) => ({
            type: 'goods',
            id: g.id,
            text: g.name,
            url: `/product/${g.id}-${g.slug}`,
            image: g.images[0] ?? null,
            price: g.price,
          }))
        return { query: query.q, items: [...categories, ...brands, ...goods].slice(0, limit) }
      },
      CACHEABLE,
    ),
  ]
}
