/**
 * Static client files from the build: hashed assets served `immutable` (precompressed `.br`/`.gz`
 * when the browser accepts them), public files (icons, favicon) with a short cache, and the build id.
 */
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { join } from 'node:path'

// `setHeaders` sees the file actually sent: the precompressed `.br`/`.gz` twin when the browser takes it.
const HASHED = /-[A-Z0-9]{8}\.(js|css|map)(\.br|\.gz)?$/

/** Registers the static routes (one route per file: unknown paths fall through to the pages). */
export const assetsPlugin = fp(
  async (app, opts: { distDir: string }) => {
    const root = join(opts.distDir, 'client')
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      dotfiles: 'deny',
      allowedPath: (pathname) =>
        pathname !== '/manifest.json' && !pathname.endsWith('.br') && !pathname.endsWith('.gz'),
      setHeaders: (res, path) => {
        res.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    })
    app.addHook('onRequest', async (request) => {
      // With `wildcard: false` every file has its own route; the page catch-all has no route url.
      const url = request.routeOptions.url
      if (url && (url.startsWith('/assets/') || url === '/favicon.svg')) request.routeName = 'static'
    })
    app.get('/builds/latest.json', async (request, reply) => {
      request.routeName = 'build'
      return reply.header('cache-control', 'no-store').send({ buildId: app.buildId })
    })
  },
  { name: 'assets', dependencies: ['context'] },
)
