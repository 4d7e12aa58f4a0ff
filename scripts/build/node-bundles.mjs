/** The Node bundles: the server and the mock gateway. */
import { build } from './strict-build.mjs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { root } from './root.mjs'

/**
 * Bundles a Node entry; npm packages stay external (installed by `npm ci --omit=dev`), except those
 * listed in `bundled`: the mock gateway carries msw and @msw/data inside its bundle, so they are dev
 * dependencies that neither the store's runtime image nor `npm ci --omit=dev` installs.
 */
export async function buildNode(entry, outfile, { dev, bundled = [] }) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  const external = Object.keys(pkg.dependencies ?? {})
    .filter((name) => !bundled.includes(name))
    .flatMap((name) => [name, `${name}/*`])
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
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      'import.meta.env.SSR': 'true',
    },
    logLevel: 'warning',
  })
}
