/** `robots.txt`: keeps crawlers off sort, filter, search and personal URLs and names the sitemap. */
import fp from 'fastify-plugin'

/** robots.txt. */
export const seoPlugin = fp(
  async (app) => {
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
  },
  { name: 'seo', dependencies: ['context'] },
)
