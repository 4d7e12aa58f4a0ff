/**
 * A small client build for tests that need no real one: a manifest with hashed names, the files it
 * names (the entry script also precompressed as `.br`, as the build writes it), a favicon and the
 * offline shell, in a
 * temporary folder. The server renders pages and serves static files from it exactly as from `dist/`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { ClientManifest } from '../render/manifest.ts'

/** The fixture's manifest: one entry, one stylesheet, one shared chunk, no per-route chunks. */
export const FIXTURE_MANIFEST: ClientManifest = {
  buildId: 'test-build',
  entry: '/assets/entry-TESTENTR.js',
  css: ['/assets/entry-TESTSTYL.css'],
  consentMark: '/assets/consent-mark-TESTMARK.js',
  entryImports: ['/assets/chunk-TESTCHNK.js'],
  framework: '/assets/chunk-TESTCHNK.js',
  routes: {},
  webManifest: '/assets/manifest-TESTMNFS.webmanifest',
}

/** A dist folder holding the fixture; `remove()` deletes it. */
export function writeClientFixture(): { distDir: string; remove(): void } {
  const distDir = mkdtempSync(join(tmpdir(), 'storefront-dist-'))
  const client = join(distDir, 'client')
  mkdirSync(join(client, 'assets'), { recursive: true })
  writeFileSync(join(client, 'manifest.json'), JSON.stringify(FIXTURE_MANIFEST))
  const files: Record<string, string> = {
    [FIXTURE_MANIFEST.entry]: 'import "./chunk-TESTCHNK.js";\n'.repeat(80),
    [FIXTURE_MANIFEST.css[0]!]: 'body { margin: 0 }\n',
    [FIXTURE_MANIFEST.consentMark]: '(()=>{})()\n',
    [FIXTURE_MANIFEST.entryImports[0]!]: 'export const chunk = 1\n',
    [`${FIXTURE_MANIFEST.entry}.map`]: '{"version":3,"sources":[],"names":[],"mappings":""}',
    '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // The offline shell (scripts/build/offline.mjs): the worker, its offline page, the web app manifest.
    '/sw.js': 'self.addEventListener("fetch", () => {})\n',
    '/offline.html': '<!doctype html><html lang="ru"><title>Нет сети</title></html>',
    [FIXTURE_MANIFEST.webManifest!]: '{"name":"Аврора"}',
  }
  for (const [path, text] of Object.entries(files)) writeFileSync(join(client, path), text)
  writeFileSync(join(client, `${FIXTURE_MANIFEST.entry}.br`), brotliCompressSync(files[FIXTURE_MANIFEST.entry]!))
  writeFileSync(join(client, `${FIXTURE_MANIFEST.entry}.gz`), gzipSync(files[FIXTURE_MANIFEST.entry]!))
  return { distDir, remove: () => rmSync(distDir, { recursive: true, force: true }) }
}
