#!/usr/bin/env node
/**
 * Production build: the browser bundle (ESM, code splitting per route, hashed names, one CSS file,
 * precompressed .br/.gz), its manifest (each route's modulepreload list from the esbuild metafile),
 * and the Node bundles of the server and the mock gateway.
 * Usage: node scripts/build.mjs [--dev] [--out <dir>]
 */
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = new URL('..', import.meta.url).pathname
const outIndex = process.argv.indexOf('--out')
/** Output folder: `dist/` unless `--out <dir>` (parallel builds, e.g. one per developer task). */
const dist = outIndex > 0 ? join(root, process.argv[outIndex + 1]) : join(root, 'dist')
const dev = process.argv.includes('--dev')

/** Builds the browser bundle and returns the esbuild metafile. */
async function buildClient() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { entry: 'client/entry.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    outdir: join(dist, 'client', 'assets'),
    publicPath: '/assets/',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    minify: !dev,
    sourcemap: 'linked',
    metafile: true,
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    logLevel: 'warning',
  })
  return result.metafile
}

/** Route name → page source file, read from the registry (one import per line). */
async function pageSources() {
  const text = await readFile(join(root, 'client/pages/registry.ts'), 'utf8')
  const map = {}
  for (const match of text.matchAll(/^\s*'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('\.\/(.+?)'\)/gm)) {
    map[match[1]] = `client/pages/${match[2]}`
  }
  if (Object.keys(map).length === 0) throw new Error('no page modules found in client/pages/registry.ts')
  return map
}

/** The manifest the server reads: entry, CSS, and per-route preloads. */
async function writeManifest(metafile) {
  const url = (file) => '/' + relative(join(dist, 'client'), join(root, file)).split('\\').join('/')
  const outputs = Object.entries(metafile.outputs)
  const staticImports = (file, seen = new Set()) => {
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external && !seen.has(imp.path)) {
        seen.add(imp.path)
        staticImports(imp.path, seen)
      }
    }
    return seen
  }
  const [entryFile, entryOut] = outputs.find(([, out]) => out.entryPoint === 'client/entry.tsx')
  const entryImports = staticImports(entryFile)
  const routes = {}
  const routeOwn = {}
  const users = new Map()
  const sources = Object.entries(await pageSources())
  for (const [route, source] of sources) {
    const chunk = outputs.find(([, out]) => out.entryPoint === source)
    if (!chunk) throw new Error(`no chunk for page ${source} (route ${route})`)
    const own = [chunk[0], ...staticImports(chunk[0])].filter((file) => !entryImports.has(file) && file !== entryFile)
    routes[route] = own
    for (const file of own) users.set(file, new Set([...(users.get(file) ?? []), source]))
  }
  // A route's own chunks are those no other page module loads; chunks several pages share (zod, UI
  // pieces) are downloaded once per visit and reported apart.
  for (const [route, files] of Object.entries(routes)) {
    routeOwn[route] = files.filter((file) => users.get(file).size === 1).map(url)
    routes[route] = files.map(url)
  }
  const sharedRouteChunks = [...users].filter(([, pages]) => pages.size > 1).map(([file]) => url(file))
  const buildId = createHash('sha256').update(outputs.map(([file]) => file).sort().join('\n')).digest('hex').slice(0, 12)
  const manifest = {
    buildId,
    entry: url(entryFile),
    css: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    entryImports: [...entryImports].map(url),
    routes,
    routeOwn,
    sharedRouteChunks,
  }
  await writeFile(join(dist, 'client', 'manifest.json'), JSON.stringify(manifest, null, 2))
  return manifest
}

/** Writes .br and .gz beside every text asset. */
async function precompress(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|svg|json|txt|map)$/.test(entry.name)) continue
    const file = join(entry.parentPath ?? entry.path, entry.name)
    const data = await readFile(file)
    if (data.length < 1024) continue
    await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
  }
}

/**
 * Bundles a Node entry; npm packages stay external (installed by `npm ci --omit=dev`), except those
 * listed in `bundled`: the mock gateway carries msw and @msw/data inside its bundle, so they are dev
 * dependencies that neither the store's runtime image nor `npm ci --omit=dev` installs.
 */
async function buildNode(entry, outfile, bundled = []) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.includes(name)).flatMap((name) => [name, `${name}/*`])
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...(bundled.length === 0 ? { packages: 'external' } : { external }),
    jsx: 'automatic',
    sourcemap: 'linked',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    logLevel: 'warning',
  })
}

const started = Date.now()
await rm(dist, { recursive: true, force: true })
await mkdir(join(dist, 'client'), { recursive: true })
if (existsSync(join(root, 'client/public'))) await cp(join(root, 'client/public'), join(dist, 'client'), { recursive: true })
const metafile = await buildClient()
const manifest = await writeManifest(metafile)
await precompress(join(dist, 'client'))
await writeFile(join(dist, 'client', 'metafile.json'), JSON.stringify(metafile))
await buildNode('server/main.ts', join(dist, 'server', 'main.js'))
const mockEntry = ['mock-gateway/main.ts', 'mock-gateway/index.ts'].find((file) => existsSync(join(root, file)))
if (mockEntry) await buildNode(mockEntry, join(dist, 'mock-gateway', 'index.js'), ['msw', '@msw/data'])
await writeFile(join(dist, 'BUILD_ID'), manifest.buildId)
console.log(`build ${manifest.buildId} ready in ${Date.now() - started} ms (${Object.keys(manifest.routes).length} routes)`)
