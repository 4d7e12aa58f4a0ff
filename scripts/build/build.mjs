#!/usr/bin/env node
/**
 * Production build, one step per module of this folder:
 * - client.mjs: the browser bundle (ESM, hashed names, one CSS file), cut into chunks by chunking.mjs
 *   (framework.mjs, schema-groups.mjs: first load of `/` in at most 10 requests, DESIGN.md section 5);
 * - reminify.mjs: terser over every chunk (decision 014);
 * - offline.mjs: the app's icons, the web app manifest and the offline page (the worker's shell);
 * - manifest.mjs: each route's modulepreload list from the esbuild metafile (page-map.mjs reads which
 *   view each route loads from the view registry); then offline.mjs's service worker, with the build id;
 * - precompressed .br and .gz of the assets; node-bundles.mjs: the server and the mock gateway.
 * Usage: node scripts/build/build.mjs [--dev] [--out <dir>]
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './root.mjs'
import { buildClient, buildConsentMark, precompress } from './client.mjs'
import { reminify } from './reminify.mjs'
import { writeManifest } from './manifest.mjs'
import { buildNode } from './node-bundles.mjs'
import { writeIconSprites } from './icon-sprite.mjs'
import { buildOfflineShell, buildWorker } from './offline.mjs'

const outIndex = process.argv.indexOf('--out')
/** Output folder: `dist/` unless `--out <dir>` (parallel builds, e.g. one per developer task). */
const dist = outIndex > 0 ? join(root, process.argv[outIndex + 1]) : join(root, 'dist')
const dev = process.argv.includes('--dev')

const started = Date.now()
await rm(dist, { recursive: true, force: true })
await mkdir(join(dist, 'client'), { recursive: true })
if (existsSync(join(root, 'client/public'))) {
  await cp(join(root, 'client/public'), join(dist, 'client'), { recursive: true })
  await writeIconSprites(join(root, 'client/public/assets/svg/icons'), join(dist, 'client/assets/svg/icons'))
}
const metafile = await buildClient({ dist, dev })
if (!dev) await reminify(metafile)
const offline = await buildOfflineShell({ dist, dev, metafile })
const manifest = await writeManifest(metafile, await buildConsentMark({ dist, dev }), { dist, offline })
await buildWorker({ dist, dev, buildId: manifest.buildId, files: offline.files })
await precompress(join(dist, 'client'))
await writeFile(join(dist, 'client', 'metafile.json'), JSON.stringify(metafile))
await buildNode('server/main.ts', join(dist, 'server', 'main.js'), { dev })
const mockEntry = ['mock-gateway/main.ts', 'mock-gateway/index.ts'].find((file) => existsSync(join(root, file)))
if (mockEntry)
  await buildNode(mockEntry, join(dist, 'mock-gateway', 'index.js'), { dev, bundled: ['msw', '@msw/data'] })
await writeFile(join(dist, 'BUILD_ID'), manifest.buildId)
console.log(
  `build ${manifest.buildId} ready in ${Date.now() - started} ms (${Object.keys(manifest.routes).length} routes)`,
)
