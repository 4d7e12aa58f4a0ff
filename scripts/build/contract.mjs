#!/usr/bin/env node
/**
 * `npm run contract`: writes the gateway contract (OpenAPI 3.1, generated from the endpoint catalogue
 * and its zod schemas, mock-gateway/contract/) to docs/gateway-openapi.json. A test fails while the
 * committed file is stale. The TypeScript sources are bundled with esbuild (packages stay external).
 */
import { build } from './strict-build.mjs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = new URL('../..', import.meta.url).pathname
const outDir = join(root, 'node_modules/.cache/contract')
const outFile = join(outDir, `contract-${process.pid}.mjs`)
await mkdir(outDir, { recursive: true })
await build({
  entryPoints: [join(root, 'mock-gateway/contract/file.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: outFile,
  logLevel: 'warning',
})
try {
  const { contractFileText } = await import(pathToFileURL(outFile).href)
  const target = join(root, 'docs/gateway-openapi.json')
  await writeFile(target, await contractFileText(target))
  process.stdout.write(`contract: wrote ${target}\n`)
} finally {
  await rm(outFile, { force: true })
}
