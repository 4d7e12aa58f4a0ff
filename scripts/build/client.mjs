/** The browser's bundles: the app (ESM chunks, one CSS file) and the consent mark (a classic script). */
import { build } from './strict-build.mjs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { root } from './root.mjs'
import { chunkingPlugin } from './chunking.mjs'
import { FRAMEWORK_ENTRY } from './framework.mjs'
import { REMINIFY_STAMP } from './reminify.mjs'

export const TARGET = ['es2022', 'chrome111', 'firefox111', 'safari16']

/** Builds the browser bundle into `<dist>/client/assets` and returns the esbuild metafile. */
export async function buildClient({ dist, dev }) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { entry: 'client/entry.tsx', framework: FRAMEWORK_ENTRY },
    plugins: [await chunkingPlugin()],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: TARGET,
    outdir: join(dist, 'client', 'assets'),
    publicPath: '/assets/',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    minify: !dev,
    // Production chunks name their map in a header (reminify.mjs), development ones in a comment.
    sourcemap: dev ? 'linked' : 'external',
    metafile: true,
    jsx: 'automatic',
    legalComments: 'none',
    ...(dev ? {} : { banner: { js: REMINIFY_STAMP } }),
    // client/env.d.ts: the browser's bundle drops the server's branches.
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      'import.meta.env.SSR': 'false',
    },
    logLevel: 'warning',
  })
  return result.metafile
}

/**
 * Builds the consent mark (`client/consent-mark.ts`): a classic script for `<head>`, apart from the
 * module graph (it runs before first paint, without modules); returns its output file.
 */
export async function buildConsentMark({ dist, dev }) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { 'consent-mark': 'client/consent-mark.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    outdir: join(dist, 'client', 'assets'),
    entryNames: '[name]-[hash]',
    minify: !dev,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  return Object.keys(result.metafile.outputs).find((file) => file.endsWith('.js'))
}

/** Writes .br and .gz beside every text asset of 1 KB or more. */
export async function precompress(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|svg|json|txt|map)$/.test(entry.name)) continue
    const file = join(entry.parentPath ?? entry.path, entry.name)
    const data = await readFile(file)
    if (data.length < 1024) continue
    await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
  }
}
