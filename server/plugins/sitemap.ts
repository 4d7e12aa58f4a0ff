/**
 * The sitemap (spec section 2): `/sitemap.xml` is a sitemap index whose parts list
 * categories, products (in parts of `SITEMAP_PRODUCTS_PER_PART`, well under the 50,000-URL limit),
 * promotions and articles, with absolute URLs. The XML of each file is built from the gateway and
 * kept in the anonymous cache; the files are CDN-cacheable.
 */
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ApiClient } from '#shared/api/client.ts'
import { searchGoods } from '#shared/gateway/goods.ts'
import { getStoreCategories } from '#shared/gateway/catalog.ts'
import { getPromotionCategories, listPromotions } from '#shared/gateway/promotions.ts'
import { listArticles } from '#shared/gateway/content.ts'
import { PAGE_SIZE_MAX } from '#shared/models/common.ts'
import { href } from '#shared/routing/href.ts'

/** Cache-Control of the sitemap files: CDN-cacheable, refreshed hourly. */
export const SITEMAP_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400'

/** Products per sitemap part. */
export const SITEMAP_PRODUCTS_PER_PART = 5_000

/** The sitemap parts other than products. */
export const SITEMAP_PARTS = ['categories', 'promotions', 'articles'] as const
export type SitemapPart = (typeof SITEMAP_PARTS)[number]

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!)

/** A `<urlset>` of absolute URLs. */
export function urlSet(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`
}

/** The `<sitemapindex>` of the given part files. */
export function sitemapIndex(origin: string, files: readonly string[]): string {
  const items = files
    .map((file) => `<sitemap><loc>${escapeXml(new URL(file, origin).toString())}</loc></sitemap>`)
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>\n`
}

/** Reads every page of a paged list (100 per call). */
async function allPages<T>(
  load: (page: number) => Promise<{ items: T[]; total: number; pageSize: number }>,
  from = 1,
  maxItems = Infinity,
): Promise<T[]> {
  const items: T[] = []
  for (let page = from; ; page++) {
    const answer = await load(page)
    items.push(...answer.items)
    if (answer.items.length === 0 || page * answer.pageSize >= answer.total || items.length >= maxItems)
      return items.slice(0, maxItems)
  }
}

/** The part files of the index: categories, products-1…N, promotions, articles. */
export async function sitemapFiles(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const { total } = await api.call(searchGoods, { query: { pageSize: 1 }, signal })
  const productParts = Math.max(1, Math.ceil(total / SITEMAP_PRODUCTS_PER_PART))
  return [
    '/sitemap-categories.xml',
    ...Array.from({ length: productParts }, (_, i) => `/sitemap-products-${i + 1}.xml`),
    '/sitemap-promotions.xml',
    '/sitemap-articles.xml',
  ]
}

/** The paths of one products part (1-based); empty past the last part. */
export async function productPaths(api: ApiClient, part: number, signal?: AbortSignal): Promise<string[]> {
  const firstPage = (part - 1) * (SITEMAP_PRODUCTS_PER_PART / PAGE_SIZE_MAX) + 1
  const goods = await allPages(
    (page) => api.call(searchGoods, { query: { page, pageSize: PAGE_SIZE_MAX }, signal }),
    firstPage,
    SITEMAP_PRODUCTS_PER_PART,
  )
  return goods.map((item) => href('product', { product: item.id, slug: item.slug }))
}

/** The paths of a non-product part. */
export async function partPaths(api: ApiClient, part: SitemapPart, signal?: AbortSignal): Promise<string[]> {
  if (part === 'categories') {
    const tree = await api.call(getStoreCategories, { query: {}, signal })
    return [
      href('catalog'),
      ...tree.items.flatMap((group) =>
        [group, ...group.children].map((item) => href('catalog-category', { category: item.id, slug: item.slug })),
      ),
    ]
  }
  if (part === 'promotions') {
    const [categories, promotions] = await Promise.all([
      api.call(getPromotionCategories, { signal }),
      allPages((page) => api.call(listPromotions, { query: { page, pageSize: PAGE_SIZE_MAX }, signal })),
    ])
    return [
      href('promo-catalog'),
      ...categories.items.map((item) => href('promo-catalog-category', { category: item.id, categorySlug: item.slug })),
      ...promotions.map((item) => href('promo-product', { product: item.id, slug: item.slug })),
    ]
  }
  const articles = await allPages((page) =>
    api.call(listArticles, { query: { page, pageSize: PAGE_SIZE_MAX }, signal }),
  )
  return [href('articles'), ...articles.map((item) => href('article', { id: item.id, slug: item.slug }))]
}

/** The sitemap index and its part files. */
export const sitemapPlugin = fp(
  async (app) => {
    /** Answers one sitemap file: the XML is built from the gateway and kept in the query store. */
    const sendXml = async (
      request: FastifyRequest,
      reply: FastifyReply,
      name: string,
      build: (origin: string) => Promise<string | undefined>,
    ) => {
      request.routeName = 'sitemap'
      // The origin is configuration, never the request's Host (DESIGN.md section 2): these files are CDN-cached.
      const origin = app.config.publicOrigin
      try {
        // Its own wait ends with the page data budget; the build itself is the store's (one for all askers).
        const xml = await app.queryStore.load(
          `sitemap:${origin}:${name}`,
          () => build(origin),
          AbortSignal.timeout(app.config.timeouts.pageDataBudgetMs),
        )
        if (xml === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
        return reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE).send(xml)
      } catch (error) {
        request.log.warn({ err: error, sitemap: name }, 'sitemap build failed')
        return reply
          .code(503)
          .header('retry-after', '900')
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Service Unavailable')
      }
    }

    app.get('/sitemap.xml', (request, reply) =>
      sendXml(request, reply, 'index', async (origin) =>
        sitemapIndex(origin, await sitemapFiles(request.api, request.signal)),
      ),
    )

    for (const part of SITEMAP_PARTS) {
      app.get(`/sitemap-${part}.xml`, (request, reply) =>
        sendXml(request, reply, part, async (origin) =>
          urlSet(origin, await partPaths(request.api, part as SitemapPart, request.signal)),
        ),
      )
    }

    app.get<{ Params: { part: string } }>('/sitemap-products-:part', (request, reply) => {
      const match = /^([1-9]\d{0,3})\.xml$/.exec(request.params.part)
      if (!match) return reply.callNotFound()
      const part = Number(match[1])
      return sendXml(request, reply, `products-${part}`, async (origin) => {
        const paths = await productPaths(request.api, part, request.signal)
        return paths.length === 0 && part > 1 ? undefined : urlSet(origin, paths)
      })
    })
  },
  { name: 'sitemap', dependencies: ['context', 'query-store', 'gateway-client'] },
)
