/** Crawler files: `robots.txt` keeps crawlers off sort, filter and search URLs; the sitemap index and its parts. */
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SITEMAP_PARTS, partPaths, productPaths, sitemapFiles, sitemapIndex, urlSet, type SitemapPart } from './sitemap.ts'

/** Cache-Control of the sitemap files: CDN-cacheable, refreshed hourly. */
export const SITEMAP_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400'

/** robots.txt and the sitemap files. */
export const seoPlugin = fp(async (app) => {
  app.get('/robots.txt', async (request, reply) => {
    request.routeName = 'robots'
    const origin = app.config.publicOrigin
    const body = [
      'User-agent: *',
      'Disallow: /search',
      'Disallow: /*?*sort=',
      'Disallow: /*?*page=',
      'Disallow: /*?*brand=',
      'Disallow: /*?*price',
      'Disallow: /*?*label=',
      'Disallow: /*?*inStock=',
      'Disallow: /*?*discounted=',
      'Disallow: /ecom',
      'Disallow: /favorites',
      'Disallow: /registration',
      'Disallow: /profile',
      'Disallow: /webgate/',
      `Disallow: /${app.config.product}-id/`,
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n')
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)
  })

  /** Answers one sitemap file: the XML is built from the gateway and kept in the anonymous cache. */
  const sendXml = async (request: FastifyRequest, reply: FastifyReply, name: string, build: (origin: string) => Promise<string | undefined>) => {
    request.routeName = 'sitemap'
    // The origin is configuration, never the request's Host (DESIGN.md section 2): these files are CDN-cached.
    const origin = app.config.publicOrigin
    try {
      const xml = await app.anonymousCache.get(`sitemap:${origin}:${name}`, () => build(origin))
      if (xml === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
      return reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE).send(xml)
    } catch (error) {
      request.log.warn({ err: error, sitemap: name }, 'sitemap build failed')
      return reply.code(503).header('retry-after', '900').header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Service Unavailable')
    }
  }

  app.get('/sitemap.xml', (request, reply) =>
    sendXml(request, reply, 'index', async (origin) => sitemapIndex(origin, await sitemapFiles(request.api, request.signal))))

  for (const part of SITEMAP_PARTS) {
    app.get(`/sitemap-${part}.xml`, (request, reply) =>
      sendXml(request, reply, part, async (origin) => urlSet(origin, await partPaths(request.api, part as SitemapPart, request.signal))))
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
}, { name: 'seo', dependencies: ['context'] })
