/**
 * Static client files from the build: hashed assets served `immutable` (precompressed `.br`/`.gz`
 * when the browser accepts them), public files (icons, favicon) with a short cache, and the build id.
 * A script or stylesheet names its source map in a `SourceMap` header: the production build writes no
 * `sourceMappingURL` comment, which every chunk of the first load would carry (about 40 B of gzip each).
 */
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'

// `setHeaders` sees the file actually sent: the precompressed `.br`/`.gz` twin when the browser takes it.
const HASHED = /-[A-Z0-9]{8}\.(js|css|map)(\.br|\.gz)?$/
const MAPPED = /\.(js|css)(\.br|\.gz)?$/

/** The URL of a file's source map, relative to the file, when the build wrote one: `x.js` → `x.js.map`. */
function sourceMapOf(): (path: string) => string | undefined {
  const known = new Map<string, string | undefined>()
  return (path) => {
    const script = path.replace(/\.(br|gz)$/, '')
    if (!known.has(script)) known.set(script, existsSync(`${script}.map`) ? `${basename(script)}.map` : undefined)
    return known.get(script)
  }
}

/** Registers the static routes (one route per file: unknown paths fall through to the pages). */
export const assetsPlugin = fp(
  async (app, opts: { distDir: string }) => {
    const root = join(opts.distDir, 'client')
    const sourceMap = sourceMapOf()
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
        const map = MAPPED.test(path) ? sourceMap(path) : undefined
        if (map) res.header('sourcemap', map)
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
