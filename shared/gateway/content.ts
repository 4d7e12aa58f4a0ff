/** Editorial content: cookie policy, latest build id, icons and articles. */
import * as z from 'zod/mini'
import { defineEndpoint } from '../api/endpoint.ts'
import { IdParamSchema } from '../models/common.ts'
import {
  ArticleSchema,
  ArticlesPageSchema,
  ArticlesQuerySchema,
  BuildInfoSchema,
  BuildQuerySchema,
  CookiePolicySchema,
} from '../models/content.ts'

/** The cookie policy page. */
export const getCookiePolicy = defineEndpoint({
  name: 'content.cookies',
  gateway: 'web',
  method: 'GET',
  path: '/v2/web-common-content/cookies',
  auth: false,
  response: CookiePolicySchema,
})

/** The newest build id (the storefront serves its own; the mock answers it too). */
export const getLatestBuild = defineEndpoint({
  name: 'content.build',
  gateway: 'web',
  method: 'GET',
  path: '/builds/latest.json',
  auth: false,
  query: BuildQuerySchema,
  response: BuildInfoSchema,
})

/** A static SVG icon as text; a failed load is logged and shows nothing (spec section 7). */
export const getIcon = defineEndpoint({
  name: 'content.icon',
  gateway: 'web',
  method: 'GET',
  path: '/assets/svg/icons/:project/:name.svg',
  auth: false,
  params: z.object({
    project: z.string().check(z.regex(/^[a-z0-9-]+$/)),
    name: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  }),
  response: z.string(),
  responseType: 'text',
})

/** Articles, newest first. */
export const listArticles = defineEndpoint({
  name: 'articles.list',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cosmetic-{product}/articles',
  auth: false,
  query: ArticlesQuerySchema,
  response: ArticlesPageSchema,
})

/** One article with its sections and goods. */
export const getArticle = defineEndpoint({
  name: 'articles.get',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cosmetic-{product}/articles/:id',
  auth: false,
  params: z.object({ id: IdParamSchema }),
  response: ArticleSchema,
})
