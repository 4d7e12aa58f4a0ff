/** Crawler files: `robots.txt` keeps crawlers off sort, filter and search URLs. */
import fp from 'fastify-plugin'
import { originOf } from './pages.ts'

/** robots.txt (and the sitemap, registered by the catalogue work). */
export const seoPlugin = fp(async (app) => {
  app.get('/robots.txt', async (request, reply) => {
    request.routeName = 'robots'
    const origin = originOf(request, app.config.publicOrigin)
    const body = [
      'User-agent: *',
      'Disallow: /search',
      'Disallow: /*?*sort=',
      'Disallow: /*?*page=',
      'Disallow: /*?*brand=',
      'Disallow: /*?*price',
      'Disallow: /ecom',
      'Disallow: /registration',
      'Disallow: /profile',
      'Disallow: /webgate/',
      `Disallow: /${app.config.product}-id/`,
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n')
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)
  })
}, { name: 'seo', dependencies: ['context'] })
