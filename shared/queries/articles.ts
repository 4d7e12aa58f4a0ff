/** Queries of articles and "popular" publications. */
import { getArticle, listArticles } from '../gateway/content.ts'
import { getPublication } from '../gateway/main-page.ts'
import { defineQuery } from '../routing/query.ts'
import { withCardViews } from './views.ts'

/** Articles per page of the article list. */
export const ARTICLES_PAGE_SIZE = 12

/** One page of articles, newest first. */
export const articlesQuery = defineQuery('articles.list', (api, [page]: [number], signal) =>
  api.call(listArticles, { query: { page, pageSize: ARTICLES_PAGE_SIZE }, signal }),
)

/** One article with its sections and goods. */
export const articleQuery = defineQuery('articles.get', async (api, [id]: [number], signal) => withCardViews(await api.call(getArticle, { params: { id }, signal })))

/** One "popular" publication with its goods (`/popular/{id}-{slug}`). */
export const publicationQuery = defineQuery('mainPage.publication', async (api, [id]: [number], signal) => withCardViews(await api.call(getPublication, { params: { id }, signal })))
