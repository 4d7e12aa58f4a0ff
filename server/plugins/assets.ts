/**
 * Static client files from the build: hashed assets served `immutable` (precompressed `.br`/`.gz`
 * when the browser accepts them), public files (icons, favicon) with a short cache, and the build id.
 * The service worker (`/sw.js`) and the offline page it keeps are asked again on every use
 * (`no-cache`), so a new build's worker is found at once; the worker gets a CSP of its own.
 * A script or stylesheet names its source map in a `SourceMap` header: the production build writes no
 * `sourceMappingURL` comment, which every chunk of the first load would carry (about 40 B of gzip each).
 */
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'

// `setHeaders` sees the file actually sent: the precompressed `.br`/`.gz` twin when the browser takes it.
const HASHED = /-[A-Z0-9]{8}\.(js|css|map|png|webmanifest)(\.br|\.gz)?$/
/** Files that name the build's others and must never be stale: the worker and its offline page. */
const UNCACHED = /\/(sw\.js|offline\.html)(\.br|\.gz)?$/
/** The worker's own CSP: it fetches only our origin and imports no script. */
const WORKER_CSP = "default-src 'self'; script-src 'none'"
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
        res.header(
          'cache-control',
          HASHED.test(path)
            ? 'public, max-age=31536000, immutable'
            : UNCACHED.test(path)
              ? 'no-cache'
              : 'public, max-age=3600',
        )
        if (/\/sw\.js(\.br|\.gz)?$/.test(path)) res.header('content-security-policy', WORKER_CSP)
        if (/\.webmanifest(\.br|\.gz)?$/.test(path))
          res.header('content-type', 'application/manifest+json; charset=utf-8')
        const map = MAPPED.test(path) ? sourceMap(path) : undefined
        if (map) res.header('sourcemap', map)
      },
    })
    app.addHook('onRequest', (request, _reply, done) => {
      // With `wildcard: false` every file has its own route; the page catch-all has no route url.
      const url = request.routeOptions.url
      if (url && (url.startsWith('/assets/') || ['/favicon.svg', '/sw.js', '/offline.html'].includes(url)))
        request.routeName = 'static'
      done()
    })
    app.get('/builds/latest.json', async (request, reply) => {
      request.routeName = 'build'
      return reply.header('cache-control', 'no-store').send({ buildId: app.buildId })
    })
  },
  { name: 'assets', dependencies: ['context'] },
)
