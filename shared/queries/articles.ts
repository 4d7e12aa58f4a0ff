/** Queries of articles and "popular" publications. */
import { defineQuery } from '../routing/query.ts'
import { withCardShapes } from './views.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const contentGateway = () => import('../gateway/content.ts')
const mainPageGateway = () => import('../gateway/main-page.ts')

/** Articles per page of the article list. */
export const ARTICLES_PAGE_SIZE = 12

/** One page of articles, newest first. */
export const articlesQuery = defineQuery('articles.list', async (api, [page]: [number], signal) =>
  api.call((await contentGateway()).listArticles, { query: { page, pageSize: ARTICLES_PAGE_SIZE }, signal }),
)

/** One article with its sections and goods. */
export const articleQuery = defineQuery('articles.get', async (api, [id]: [number], signal) =>
  withCardShapes(await api.call((await contentGateway()).getArticle, { params: { id }, signal })),
)

/** One "popular" publication with its goods (`/popular/{id}-{slug}`). */
export const publicationQuery = defineQuery('mainPage.publication', async (api, [id]: [number], signal) =>
  withCardShapes(await api.call((await mainPageGateway()).getPublication, { params: { id }, signal })),
)
