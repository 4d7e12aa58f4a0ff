/** Editorial content: the cookie policy, articles, and the latest build id. */
import * as z from 'zod/mini'
import { DateSchema, IdSchema, ImageSchema, TimestampSchema, queryInt, PAGE_SIZE_MAX, pageOf } from './common.ts'
import { GoodsCardSchema } from './goods.ts'

/** A titled run of paragraphs. */
export const TextSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
})

/** `GET /v2/web-common-content/cookies`: the cookie policy page. */
export const CookiePolicySchema = z.object({
  title: z.string(),
  /** One-paragraph summary, also the cookie banner's text. */
  summary: z.string(),
  sections: z.array(TextSectionSchema),
  updatedAt: DateSchema,
})
export type CookiePolicy = z.infer<typeof CookiePolicySchema>

/** `GET builds/latest.json?timestamp=`: the id of the newest deployed build. */
export const BuildInfoSchema = z.object({ buildId: z.string().check(z.minLength(1)) })

/** Query of `builds/latest.json`: a cache-busting timestamp. */
export const BuildQuerySchema = z.object({ timestamp: z.optional(queryInt(0)) })

/** An article in lists. */
export const ArticleCardSchema = z.object({
  id: IdSchema,
  /** Latin transliteration of the title, for `/articles/{id}-{slug}`. */
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: ImageSchema,
  publishedAt: TimestampSchema,
  readingMinutes: z.int().check(z.positive()),
  tags: z.array(z.string()),
})
export type ArticleCard = z.infer<typeof ArticleCardSchema>

/** A whole article: its sections and the goods it mentions. */
export const ArticleSchema = z.extend(ArticleCardSchema, {
  author: z.string(),
  sections: z.array(TextSectionSchema),
  goods: z.array(GoodsCardSchema),
})
export type Article = z.infer<typeof ArticleSchema>

/** `GET /v1/cosmetic-{product}/articles`: newest first, optionally one tag. */
export const ArticlesQuerySchema = z.object({
  tag: z.optional(z.string()),
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** A page of articles. */
export const ArticlesPageSchema = pageOf(ArticleCardSchema)
