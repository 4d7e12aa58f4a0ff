/**
 * Route name → the view module its page loads, taken from the view registry itself
 * (`client/views/registry.ts`, `PAGE_MODULES`): the build bundles the registry for Node with each
 * lazily imported view answered by its file name and every other import left empty, runs each
 * route's loader and reads the name it answers. The registry's code decides, not its layout.
 */
import { build } from './strict-build.mjs'
import { join, relative } from 'node:path'
import { root } from './root.mjs'

const REGISTRY = join(root, 'client/views/registry.ts')

/** Route name → view module (a path from the repository's root, as the metafile spells entry points). */
export async function pageModules() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [REGISTRY],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
    plugins: [
      {
        name: 'page-map',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.importer !== REGISTRY) return undefined
            return args.kind === 'dynamic-import'
              ? { path: relative(root, join(args.resolveDir, args.path)), namespace: 'view-module' }
              : { path: args.path, namespace: 'left-empty' }
          })
          b.onLoad({ filter: /.*/, namespace: 'view-module' }, (args) => ({
            contents: `export const file = ${JSON.stringify(args.path)}`,
            loader: 'js',
          }))
          b.onLoad({ filter: /.*/, namespace: 'left-empty' }, () => ({ contents: 'module.exports = {}', loader: 'js' }))
        },
      },
    ],
  })
  const code = Buffer.from(result.outputFiles[0].contents).toString('base64')
  const { PAGE_MODULES } = await import(`data:text/javascript;base64,${code}`)
  const map = {}
  for (const [route, load] of Object.entries(PAGE_MODULES)) map[route] = (await load()).file
  if (Object.keys(map).length === 0) throw new Error('no page modules in client/views/registry.ts')
  return map
}
