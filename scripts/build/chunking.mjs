/**
 * How the browser's modules are cut into chunks (DESIGN.md section 5: first load of `/` in at most 10
 * requests). esbuild puts each module into the chunk of the set of entry points that reach it, and
 * every lazy import is an entry point, so a module that several lazy modules import lands in a chunk
 * of its own for each combination of importers (the "swarm of tiny chunks"). This plugin steers that
 * from the build alone, by adding side-effect imports of modules that are evaluated by then anyway:
 * - the shell (client/app/start.tsx) imports the framework and the common kit, and every lazily
 *   imported module imports the shell, so their modules are reached by every entry point and stay in
 *   exactly two chunks: the framework and the app shell (the page's module script);
 * - a module that imports values of a member of a kit imports the whole kit, so a kit's members are
 *   reached by the same entry points and form one chunk (`KITS`);
 * - a gateway module imports its schema group (schema-groups.mjs).
 * It also makes each schema module's body wait for a task of its own (`AWAIT_NEXT_TASK`), so a first
 * gateway call builds its schemas in several short tasks rather than one long one.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { root } from './root.mjs'
import { lazyModules, valueImports } from './source-imports.mjs'
import { AWAIT_NEXT_TASK, schemaGroups, schemaPrelude } from './schema-groups.mjs'
import {
  FACADED,
  FACADE_PREFIX,
  FRAMEWORK_ENTRY,
  LAZY_PACKAGE_PREFIX,
  SYNC_EXTERNAL_STORE_SHIM,
  SWR_WITH_PREFETCH_WARNING,
  withoutPrefetchWarning,
  frameworkModules,
  lazyPackage,
} from './framework.mjs'

/** The app shell module: its static imports form the shell chunk. */
export const SHELL = join(root, 'client/app/start.tsx')
const COMMON_ENTRY = 'virtual:common'
/**
 * The kit most pages share (product cards, prefetching links), in the shell's chunk rather than in one
 * chunk per combination of pages that use a piece of it (decision 017). The home page's own queries
 * are not in it: the first load hydrates from the HTML's data and needs a route's queries only for a
 * refetch or a navigation (the routing kit loads them). The home sections' frame is here because the
 * home page and its lazily rendered blocks both use it.
 */
const COMMON = [
  'client/features/prefetch/prefetch-link.tsx',
  'client/features/catalog/product-card.tsx',
  'client/features/product/use-favorites.ts',
  'client/components/near-screen.tsx',
  'client/views/home/home-section.tsx',
]
/**
 * Kits: modules that many pages and lazy parts use a few of each, one chunk per kit instead of one
 * per combination of importers. A kit costs a page the members it does not use and saves it a
 * request per member it does (a product page preloaded 16 files, a category page 9). No kit member
 * may be part of the first load (the manifest step checks it), nor be imported lazily.
 * - `page`: what route modules and the views share: the queries, their view shapes and the models'
 *   plain values, the error registry, `definePage` and the SEO helpers, and the design system's
 *   parts beside the first load's (dialog, tabs, check box, empty state, skeleton, breadcrumbs,
 *   button links, pagination, dates, stepped rendering). It comes with a page's
 *   view, the first prefetch or navigation (the routing kit uses the registry and the queries) and a
 *   dialog;
 * - `catalog`: the goods lists with their filters and the promo tiles (catalogue and search pages).
 */
export const KITS = {
  page: [
    'shared/queries/views.ts',
    'shared/models/values.ts',
    'shared/api/errors.ts',
    'shared/api/page-status.ts',
    'shared/routing/define-page.ts',
    'shared/routes/seo.ts',
    ...['articles', 'catalog', 'content', 'goods', 'main-page', 'polls', 'promotions', 'related', 'reviews'].map(
      (name) => `shared/queries/${name}.ts`,
    ),
    'shared/queries/where-to-buy.ts',
    'client/components/ui/dialog.tsx',
    'client/components/ui/focus.ts',
    'client/components/ui/tabs.tsx',
    'client/components/ui/checkbox.tsx',
    'client/components/ui/empty-state.tsx',
    'client/components/ui/skeleton.tsx',
    'client/components/ui/button-link.tsx',
    'client/components/layout/breadcrumbs.tsx',
    'client/features/catalog/pagination.tsx',
    'client/lib/format-date.ts',
    // The lists' and rails' steps, and the cards' cart buttons in turn (the button's lazy chunk and
    // the rails' chunks have the page kit).
    'client/lib/after-next-frame.ts',
    'client/components/use-stepped-count.ts',
  ],
  catalog: [
    'client/features/catalog/goods-list.tsx',
    'client/features/catalog/filters-panel.tsx',
    'client/features/catalog/list-texts.ts',
    'client/features/catalog/promo-tiles.tsx',
  ],
}
export const kitEntry = (name) => `virtual:kit:${name}`

/** The chunking plugin of the browser build. */
export async function chunkingPlugin() {
  const lazy = await lazyModules()
  const schemas = await schemaGroups()
  const kits = Object.entries(KITS).map(([name, files]) => [name, new Set(files.map((file) => join(root, file)))])
  for (const [name, files] of kits)
    for (const file of files) if (lazy.has(file)) throw new Error(`${file} of kit ${name} is imported lazily`)
  const virtual = {
    ...(await frameworkModules()),
    [COMMON_ENTRY]: COMMON.map((file) => `import ${JSON.stringify(join(root, file))}`).join('\n'),
    ...schemas.modules,
    ...Object.fromEntries(
      kits.map(([name, files]) => [
        kitEntry(name),
        [...files].map((file) => `import ${JSON.stringify(file)}`).join('\n'),
      ]),
    ),
  }
  return {
    name: 'chunking',
    setup(b) {
      b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: 'chunking' }))
      b.onResolve({ filter: FACADED }, (args) =>
        args.namespace === 'file' && !args.importer.includes('/node_modules/')
          ? { path: FACADE_PREFIX + args.path, namespace: 'chunking' }
          : undefined,
      )
      b.onLoad({ filter: SWR_WITH_PREFETCH_WARNING }, async (args) => ({
        contents: withoutPrefetchWarning(await readFile(args.path, 'utf8'), args.path),
        loader: 'js',
      }))
      b.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
        path: SYNC_EXTERNAL_STORE_SHIM,
        namespace: 'chunking',
      }))
      b.onLoad({ filter: /.*/, namespace: 'chunking' }, (args) => ({
        contents: args.path.startsWith(LAZY_PACKAGE_PREFIX)
          ? lazyPackage(args.path.slice(LAZY_PACKAGE_PREFIX.length))
          : virtual[args.path],
        resolveDir: root,
        loader: 'js',
      }))
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'chunking') return undefined
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'chunking',
        })
        if (resolved.errors.length) return undefined
        if (resolved.path.includes('/node_modules/'))
          return { path: LAZY_PACKAGE_PREFIX + args.path, namespace: 'chunking' }
        if (!lazy.has(resolved.path))
          throw new Error(`lazy import of ${resolved.path} was not found by scripts/build/source-imports.mjs`)
        return resolved
      })
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined
        const source = await readFile(args.path, 'utf8')
        const imported = new Set(valueImports(source, args.path))
        const prelude = [
          ...(args.path === SHELL ? [FRAMEWORK_ENTRY, COMMON_ENTRY] : lazy.has(args.path) ? [SHELL] : []),
          ...schemaPrelude(args.path, source, schemas),
          ...kits
            .filter(([, files]) => !files.has(args.path) && [...files].some((file) => imported.has(file)))
            .map(([name]) => kitEntry(name)),
        ]
        const yields = schemas.schemaModules.has(args.path)
        if (prelude.length === 0 && !yields) return undefined
        // Side-effect imports of modules already evaluated by then: they change the chunk graph, not
        // the behaviour. A schema module's body waits for a task of its own (schema-groups.mjs).
        return {
          contents:
            prelude.map((path) => `import ${JSON.stringify(path)};`).join('') +
            (yields ? AWAIT_NEXT_TASK : '') +
            source,
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        }
      })
    },
  }
}
