#!/usr/bin/env node
/**
 * Production build: the browser bundle (ESM, hashed names, one CSS file, precompressed .br/.gz), its
 * manifest (each route's modulepreload list from the esbuild metafile), and the Node bundles of the
 * server and the mock gateway.
 *
 * Chunking is deliberate (DESIGN.md section 5: first load of `/` in at most 10 requests):
 * - framework: react, react-dom, scheduler, swr, wouter: one chunk that changes only with them (of swr
 *   and wouter only the names our code imports, so the rest is dropped);
 * - app shell: everything client/app/start.tsx imports statically (layout, route table, boot) and the
 *   common kit (product cards and prefetching links, which most pages show and every page loaded as a
 *   chunk of its own; in the shell's chunk they cost one request and 0.7 KB of gzip less, decision 017):
 *   one chunk, holding only what hydration needs; the rest loads on first use (decision 013,
 *   docs/architecture.md "What the first load carries"): the routing kit, the search dropdown, toasts,
 *   the tracker, the user menu and cart parts are lazy chunks, and the footer's code stays on the server;
 * - entry: the shell and the stylesheet; the page's module script is the shell's chunk itself, which
 *   starts the app (client/app/start.tsx), so the entry file costs no request;
 * - per route: the page module and what it alone needs; code several routes share stays in shared chunks.
 * Our code reaches React's CommonJS packages through ES-module facades in the framework chunk, and every
 * chunk is minified a second time by terser (decision 014).
 * esbuild puts each module into the chunk of the set of entry points that reach it, and every lazy
 * import is an entry point, so a shell module that some pages also import would land in a chunk of its
 * own for each combination of pages (the "swarm of tiny chunks"). The `shell` plugin below makes the
 * shell import the framework and the common kit, and every lazily imported module import the shell:
 * their modules are then reached by every entry point and esbuild keeps them in exactly two chunks.
 * Usage: node scripts/build/build.mjs [--dev] [--out <dir>]
 */
import { build } from 'esbuild'
import { minify } from 'terser'
import { createHash } from 'node:crypto'
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { writeIconSprites } from './icon-sprite.mjs'

const root = new URL('../..', import.meta.url).pathname
const outIndex = process.argv.indexOf('--out')
/** Output folder: `dist/` unless `--out <dir>` (parallel builds, e.g. one per developer task). */
const dist = outIndex > 0 ? join(root, process.argv[outIndex + 1]) : join(root, 'dist')
const dev = process.argv.includes('--dev')

/** The framework packages: one chunk of their own. */
const FRAMEWORK = ['react', 'react/jsx-runtime', 'react-dom/client', 'scheduler', 'swr', 'wouter']
/**
 * The framework's ES-module packages: the framework entry re-exports only the names our code imports
 * from them, so esbuild drops the rest (`export *` from an entry point keeps every export alive).
 */
const FRAMEWORK_ESM = ['swr', 'wouter']
/**
 * The framework's CommonJS packages, which our code imports through an ES-module facade each: a chunk
 * importing a CommonJS module directly wraps it (`d(require_react(), 1)`, a bundler helper every chunk
 * imports) and calls every export as a property, `(0, r.useState)(…)` and `(0, t.jsx)(…)` hundreds of
 * times; through a facade that lists the names our code imports, they are plain imported bindings
 * that minify to one letter, and the bundler's helpers stay in the framework chunk. The JSX runtime
 * names are those esbuild's automatic runtime imports.
 */
const FRAMEWORK_CJS = {
  react: [],
  'react/jsx-runtime': ['Fragment', 'jsx', 'jsxs'],
  'react-dom': [],
  'react-dom/client': [],
}
const FACADE_PREFIX = 'virtual:facade:'
/** The app shell module: its static imports form the shell chunk. */
const SHELL = join(root, 'client/app/start.tsx')
/**
 * The kit most pages share (product cards, prefetching links), in the shell's chunk rather than in one
 * chunk per combination of pages that use a piece of it. The home page's own queries are not in it:
 * the first load hydrates from the HTML's data and needs a route's queries only for a refetch or a
 * navigation (the routing kit loads them).
 */
const COMMON = [
  'client/features/prefetch/prefetch-link.tsx',
  'client/features/catalog/product-card.tsx',
  'client/features/product/use-favorites.ts',
  'client/components/near-screen.tsx',
]
/**
 * The queries' view shapes and the models' plain values: most route modules use them, a first load
 * hydrating the server's HTML does not (its views import only their types). One chunk of their own
 * that comes with the route modules (a prefetch, a navigation, a refetch) and the few views that use
 * a value: every module importing values of either imports both, so they stay in one chunk instead of
 * one per combination of importers.
 */
const VIEW_KIT = ['shared/queries/views.ts', 'shared/models/values.ts'].map((file) => join(root, file))
const VIEW_KIT_ENTRY = 'virtual:view-kit'
const FRAMEWORK_ENTRY = 'virtual:framework'
/**
 * swr imports `use-sync-external-store/shim`, which answers React's own `useSyncExternalStore` whenever
 * React has one (React 18 and later) and otherwise a polyfill: with React 19 that polyfill is dead code
 * in the framework chunk, so the browser build resolves the shim to React's hook directly.
 */
const SYNC_EXTERNAL_STORE_SHIM = 'virtual:use-sync-external-store-shim'
/**
 * The answer schemas (every `shared/models` module that builds zod schemas, zod/mini, and the API client
 * that validates with them) arrive with the first gateway call (decision 007), in two groups: the
 * catalogue's endpoints (what the first prefetch of a shop page calls) and the shopper's account and
 * e-commerce. Each `shared/gateway` module imports its group's virtual module, so a group's schema
 * modules are reached by the same entry points and stay in one chunk instead of splitting per
 * combination of endpoints; what both groups use (zod, the API client, the common models) is a third
 * chunk. Building every schema at once was one 10–20 ms task on the first prefetch of a shop page
 * (the main-thread trace of the browser bench); the catalogue's group alone builds about half of them.
 */
const SCHEMA_GROUPS = {
  catalog: ['goods', 'catalog', 'main-page', 'content', 'promotions', 'search', 'reviews'],
  account: ['auth', 'cart', 'checkout', 'favorites', 'orders', 'payment-methods', 'polls', 'profile', 'stores'],
}
const schemasEntry = (group) => `virtual:schemas:${group}`
const MODELS = join(root, 'shared/models')
/** The API client: the browser loads it with its first call (client/app/boot-api.ts), so it travels with the schemas. */
const API_CLIENT = join(root, 'shared/api/client.ts')
const GATEWAY = join(root, 'shared/gateway') + '/'
const COMMON_ENTRY = 'virtual:common'

/**
 * `export *` barrels whose importers the browser build points at the member files directly. esbuild
 * assigns chunks by file, following every re-export of a barrel: one `Price` imported through the UI
 * barrel put the dialog, tabs and text field into the chunk of every page that shows a price.
 */
const BARRELS = [
  'client/components/ui/index.ts',
  'client/components/toasts/index.ts',
  'client/analytics/index.ts',
  'shared/routing/index.ts',
]

/** Export name → member file, for each barrel. */
async function barrelMaps() {
  const maps = new Map()
  for (const barrel of BARRELS) {
    const file = join(root, barrel)
    const map = new Map()
    for (const [, spec] of (await readFile(file, 'utf8')).matchAll(/^export \* from '([^']+)'/gm)) {
      const member = join(dirname(file), spec)
      const text = await readFile(member, 'utf8')
      for (const [, name] of text.matchAll(
        /^export (?:async )?(?:function|const|let|class|interface|type|enum) (\w+)/gm,
      ))
        map.set(name, member)
      for (const [, names] of text.matchAll(/^export (?:type )?\{([^}]+)\}/gm)) {
        for (const item of names.split(',')) {
          const name = item
            .trim()
            .split(/\s+as\s+/)
            .pop()
            .replace(/^type\s+/, '')
          if (name) map.set(name, member)
        }
      }
    }
    maps.set(file, map)
  }
  return maps
}

/** Rewrites `import { A, type B } from '<barrel>'` into imports of the member files (types dropped). */
function unbarrel(source, importer, maps) {
  return source.replace(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g, (statement, names, spec) => {
    const target = /^#(client|shared)\//.test(spec)
      ? join(root, spec.slice(1))
      : spec.startsWith('.')
        ? join(dirname(importer), spec)
        : undefined
    const map = target && maps.get(target)
    if (!map) return statement
    const byFile = new Map()
    for (const item of names
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      if (item.startsWith('type ')) continue
      const name = item.split(/\s+as\s+/)[0]
      const member = map.get(name)
      if (!member) throw new Error(`${importer}: ${name} is not exported by a member of ${spec}`)
      byFile.set(member, [...(byFile.get(member) ?? []), item])
    }
    return [...byFile].map(([file, items]) => `import { ${items.join(', ')} } from ${JSON.stringify(file)}`).join(';')
  })
}

/** Every module of client/ and shared/ that something imports lazily (`import('…')`), tests aside. */
async function lazyModules() {
  const found = new Set()
  for (const folder of ['client', 'shared']) {
    for (const entry of await readdir(join(root, folder), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
      const dir = entry.parentPath ?? entry.path
      const text = await readFile(join(dir, entry.name), 'utf8')
      for (const [, spec] of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
        const file = spec.startsWith('#') ? join(root, spec.slice(1).replace(/^(\w+)\//, '$1/')) : join(dir, spec)
        if (existsSync(file)) found.add(file)
      }
    }
  }
  return found
}

/** Package → the value names that client/ and shared/ import from it (`default` for a default import). */
async function importedNames(packages) {
  const names = new Map(packages.map((name) => [name, new Set()]))
  for (const folder of ['client', 'shared']) {
    for (const entry of await readdir(join(root, folder), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test(-d)?\.tsx?$/.test(entry.name)) continue
      const text = await readFile(join(entry.parentPath ?? entry.path, entry.name), 'utf8')
      for (const [, clause, spec] of text.matchAll(/^import\s+(?!type\s)([^'\n]*?)\s*from\s+'([^']+)'/gm)) {
        const found = names.get(spec)
        if (!found) continue
        const [, defaultName, braced] = /^(\w+)?\s*,?\s*(?:\{([^}]*)\})?$/.exec(clause.trim()) ?? []
        if (defaultName) found.add('default')
        for (const item of (braced ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('type ')))
          found.add(item.split(/\s+as\s+/)[0])
        if (!defaultName && braced === undefined) throw new Error(`${entry.name}: cannot read the import of ${spec}`)
      }
    }
  }
  return names
}

/** The `shared/models` modules that build zod schemas (schema-free ones such as goods-sorts.ts stay out). */
async function schemaModuleFiles() {
  const files = new Set()
  for (const name of await readdir(MODELS)) {
    if (!/^[\w-]+\.ts$/.test(name) || name.endsWith('.test.ts')) continue
    if (/from 'zod\/mini'/.test(await readFile(join(MODELS, name), 'utf8'))) files.add(join(MODELS, name))
  }
  return files
}

/**
 * Whether a module imports values (not only types) from one of `modules` (the schema modules, the view
 * kit): it then imports their chunk as a whole, so they are reached by the same entry points and stay
 * in one chunk instead of splitting per combination of importers.
 */
function importsValuesOf(source, importer, modules) {
  return valueImports(source, importer).some((target) => modules.has(target))
}

/** The files a module imports values (not only types) from, by `#shared/` or relative specifiers. */
function valueImports(source, importer) {
  const targets = []
  for (const [, clause, spec] of source.matchAll(/^import\s+([^']*?)\s*from\s+'([^']+)'/gm)) {
    const names = /^\{([^}]*)\}$/
      .exec(clause)?.[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    if (clause.startsWith('type ') || names?.every((name) => name.startsWith('type '))) continue
    const target = spec.startsWith('#shared/')
      ? join(root, spec.slice(1))
      : spec.startsWith('.')
        ? join(dirname(importer), spec)
        : undefined
    if (target) targets.push(target)
  }
  return targets
}

/**
 * Schema module → the groups whose gateway modules reach it through static imports of values, and
 * gateway module → its group.
 */
async function schemaGroupsOf(schemaModules) {
  const groupsOf = new Map()
  const gatewayGroup = new Map()
  const visit = async (file, group) => {
    const groups = groupsOf.get(file) ?? new Set()
    if (groups.has(group)) return
    groups.add(group)
    groupsOf.set(file, groups)
    for (const target of valueImports(await readFile(file, 'utf8'), file))
      if (schemaModules.has(target)) await visit(target, group)
  }
  for (const [group, names] of Object.entries(SCHEMA_GROUPS)) {
    for (const name of names) {
      const file = `${GATEWAY}${name}.ts`
      if (!existsSync(file)) throw new Error(`SCHEMA_GROUPS names ${file}, which does not exist`)
      gatewayGroup.set(file, group)
      for (const target of valueImports(await readFile(file, 'utf8'), file))
        if (schemaModules.has(target)) await visit(target, group)
    }
  }
  for (const entry of await readdir(GATEWAY)) {
    const file = GATEWAY + entry
    if (/^[\w-]+\.ts$/.test(entry) && !entry.endsWith('.test.ts') && entry !== 'index.ts' && !gatewayGroup.has(file))
      throw new Error(`${file} belongs to no group of SCHEMA_GROUPS in scripts/build/build.mjs`)
  }
  return { groupsOf, gatewayGroup }
}

/**
 * esbuild plugin for the chunking above: virtual `framework` and `common` modules re-exporting their
 * members; the shell imports the framework and the common kit, and every lazily imported module
 * imports the shell.
 */
async function chunkingPlugin() {
  const lazy = await lazyModules()
  const barrels = await barrelMaps()
  const schemaModules = await schemaModuleFiles()
  const { groupsOf, gatewayGroup } = await schemaGroupsOf(schemaModules)
  const viewKit = new Set(VIEW_KIT)
  const esmNames = await importedNames(FRAMEWORK_ESM)
  const cjsNames = await importedNames(Object.keys(FRAMEWORK_CJS))
  const facades = Object.fromEntries(
    Object.entries(FRAMEWORK_CJS).map(([name, runtime]) => {
      const names = [...new Set([...cjsNames.get(name), ...runtime])].sort()
      const named = names.filter((item) => item !== 'default')
      return [
        FACADE_PREFIX + name,
        [
          `import * as m from ${JSON.stringify(name)}`,
          named.length ? `export const { ${named.join(', ')} } = m` : '',
          names.includes('default') ? 'export default m.default' : '',
        ].join('\n'),
      ]
    }),
  )
  const virtual = {
    [FRAMEWORK_ENTRY]: [
      ...FRAMEWORK.map((name) => {
        const used = esmNames.get(name)
        if (used) return `export { ${[...used].sort().join(', ')} } from ${JSON.stringify(name)}`
        return FRAMEWORK_CJS[name]
          ? `import ${JSON.stringify(FACADE_PREFIX + name)}`
          : `export * from ${JSON.stringify(name)}`
      }),
      ...Object.keys(FRAMEWORK_CJS)
        .filter((name) => !FRAMEWORK.includes(name))
        .map((name) => `import ${JSON.stringify(FACADE_PREFIX + name)}`),
    ].join('\n'),
    [COMMON_ENTRY]: COMMON.map((file) => `import ${JSON.stringify(join(root, file))}`).join('\n'),
    ...facades,
    [SYNC_EXTERNAL_STORE_SHIM]: "export { useSyncExternalStore } from 'react'",
    ...Object.fromEntries(
      Object.keys(SCHEMA_GROUPS).map((group) => [
        schemasEntry(group),
        ['zod/mini', API_CLIENT, ...[...schemaModules].filter((file) => groupsOf.get(file)?.has(group))]
          .map((file) => `import ${JSON.stringify(file)}`)
          .join('\n'),
      ]),
    ),
    [VIEW_KIT_ENTRY]: VIEW_KIT.map((file) => `import ${JSON.stringify(file)}`).join('\n'),
  }
  return {
    name: 'chunking',
    setup(b) {
      b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: 'chunking' }))
      b.onResolve({ filter: /^(react|react\/jsx-runtime|react-dom|react-dom\/client)$/ }, (args) =>
        args.namespace === 'file' && !args.importer.includes('/node_modules/')
          ? { path: FACADE_PREFIX + args.path, namespace: 'chunking' }
          : undefined,
      )
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
        if (resolved.errors.length === 0 && !resolved.path.includes('/node_modules/') && !lazy.has(resolved.path)) {
          throw new Error(`lazy import of ${resolved.path} was not found by scripts/build/build.mjs lazyModules()`)
        }
        if (resolved.errors.length === 0 && resolved.path.includes('/node_modules/'))
          return { path: LAZY_PACKAGE_PREFIX + args.path, namespace: 'chunking' }
        return resolved.errors.length ? undefined : resolved
      })
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined
        const prelude = [
          ...(args.path === SHELL ? [FRAMEWORK_ENTRY, COMMON_ENTRY] : lazy.has(args.path) ? [SHELL] : []),
        ]
        const source = await readFile(args.path, 'utf8')
        // A gateway module imports its group's schemas; any other module importing values of schema
        // modules (constants beside the schemas) imports the groups of those modules.
        if (gatewayGroup.has(args.path)) prelude.push(schemasEntry(gatewayGroup.get(args.path)))
        else if (!schemaModules.has(args.path) && args.path !== API_CLIENT) {
          const groups = new Set()
          for (const target of valueImports(source, args.path))
            for (const group of groupsOf.get(target) ?? (schemaModules.has(target) ? Object.keys(SCHEMA_GROUPS) : []))
              groups.add(group)
          for (const group of groups) prelude.push(schemasEntry(group))
        }
        if (importsValuesOf(source, args.path, viewKit)) prelude.push(VIEW_KIT_ENTRY)
        const contents = unbarrel(source, args.path, barrels)
        if (prelude.length === 0 && contents === source) return undefined
        // Side-effect imports of modules already evaluated by then: they change the chunk graph
        // (see the header comment), not the behaviour.
        return {
          contents: prelude.map((path) => `import ${JSON.stringify(path)};`).join('') + contents,
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        }
      })
    },
  }
}

/**
 * A package imported lazily (Leaflet) is reached through a module that imports the framework first,
 * as every lazy module of ours imports the shell: the bundler's CommonJS helpers such a package needs
 * are then reached by the same entry points as the framework and stay in its chunk, instead of a
 * chunk of their own that every page loads (one request and 0.2 KB of the first load).
 */
const LAZY_PACKAGE_PREFIX = 'virtual:lazy-package:'
const lazyPackage = (name) =>
  [
    `import ${JSON.stringify(FRAMEWORK_ENTRY)}`,
    `export * from ${JSON.stringify(name)}`,
    `export { default } from ${JSON.stringify(name)}`,
  ].join('\n')

/** Builds the browser bundle and returns the esbuild metafile. */
async function buildClient() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { entry: 'client/entry.tsx', framework: FRAMEWORK_ENTRY },
    plugins: [await chunkingPlugin()],
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

/** Options of the second minifying pass (`reminify`). */
const TERSER = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: true,
  format: { comments: false, ascii_only: true },
}
/** V8's explicit compile hint for the framework chunk (`reminify`). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
/**
 * A comment esbuild writes at the top of every chunk, so that its content hash, the chunk's name,
 * changes with the second pass's options too (terser drops the comment): otherwise a change of those
 * options alone would ship new content under names browsers keep for a year.
 */
const REMINIFY_STAMP = `/* reminify ${createHash('sha256')
  .update(
    JSON.stringify([
      TERSER,
      COMPILE_HINT,
      JSON.parse(readFileSync(join(root, 'node_modules/terser/package.json'), 'utf8')).version,
    ]),
  )
  .digest('hex')
  .slice(0, 8)} */`

/**
 * A second minifying pass over the browser chunks esbuild wrote, with their source maps carried over.
 * esbuild minifies per statement; terser's compressor (two passes, safe transforms only) folds what
 * that leaves: on the framework chunk it saves about 1.3 KB of gzip (react-dom is 205 KB of it), on the
 * app's chunks a few percent. The file names keep esbuild's content hashes: terser's output is a pure
 * function of its input, so a name still changes exactly when its content does.
 */
async function reminify(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue
    // V8's explicit compile hint: compile every function of the framework chunk with the script, on
    // the streaming thread, instead of lazily on the main thread when hydration first calls each
    // one (most of react-dom runs during the first load). Traces of / at 4x CPU throttling showed the
    // chunk's evaluation on the main thread about a third shorter; other engines ignore the comment.
    const eager = Object.keys(output.inputs).some((input) => input.includes('/react-dom/cjs/'))
    const path = join(root, file)
    const [code, mapUrl] = (await readFile(path, 'utf8')).split(/\n\/\/# sourceMappingURL=(.*)\n?$/)
    const result = await minify(code, {
      ...TERSER,
      format: { ...TERSER.format, ...(eager ? { preamble: COMPILE_HINT } : {}) },
      sourceMap: { content: await readFile(`${path}.map`, 'utf8'), url: mapUrl },
    })
    await writeFile(path, result.code)
    await writeFile(`${path}.map`, result.map)
  }
}

/**
 * Builds the consent mark (`client/consent-mark.ts`): a classic script for `<head>`, apart from the
 * module graph (it runs before first paint, without modules); returns its output file.
 */
async function buildConsentMark() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { 'consent-mark': 'client/consent-mark.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
    outdir: join(dist, 'client', 'assets'),
    entryNames: '[name]-[hash]',
    minify: !dev,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  return Object.keys(result.metafile.outputs).find((file) => file.endsWith('.js'))
}

/** Route name → page source file, read from the registry (one import per line). */
async function pageSources() {
  const text = await readFile(join(root, 'client/views/registry.ts'), 'utf8')
  const map = {}
  for (const match of text.matchAll(/^\s*'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('\.\/(.+?)'\)/gm)) {
    map[match[1]] = `client/views/${match[2]}`
  }
  if (Object.keys(map).length === 0) throw new Error('no page modules found in client/views/registry.ts')
  return map
}

/**
 * Lazy parts (client/components/lazy-part.tsx) the server renders for some shoppers only: their
 * chunks go into the manifest so a page that shows them preloads them beside the shell, instead of
 * fetching them only once the shell runs (start.tsx loads them before hydrating).
 */
const PARTS = {
  signedIn: ['client/features/auth/user-menu.tsx'],
  ecom: ['client/features/ecom/cart-link.tsx', 'client/features/ecom/cart-button.tsx'],
}

/** The manifest the server reads: entry, CSS, and per-route preloads. */
async function writeManifest(metafile, consentMarkFile) {
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
  // The page's module script is the shell's chunk, which starts the app itself (client/app/start.tsx):
  // the entry file only imports it, and a request for those few bytes would be one more in the first load.
  const [shellFile] = outputs.find(([, out]) => Object.hasOwn(out.inputs, relative(root, SHELL)))
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
  const parts = {}
  for (const [name, sources] of Object.entries(PARTS)) {
    const files = new Set()
    for (const source of sources) {
      const chunk = outputs.find(([, out]) => out.entryPoint === source)
      if (!chunk) throw new Error(`no chunk for the lazy part ${source}: is it still imported lazily?`)
      for (const file of [chunk[0], ...staticImports(chunk[0])])
        if (!entryImports.has(file) && file !== entryFile) files.add(file)
    }
    parts[name] = [...files].map(url)
  }
  const buildId = createHash('sha256')
    .update([...outputs.map(([file]) => file), consentMarkFile].sort().join('\n'))
    .digest('hex')
    .slice(0, 12)
  const manifest = {
    buildId,
    entry: url(shellFile),
    css: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    consentMark: url(consentMarkFile),
    entryImports: [...entryImports].map(url),
    routes,
    routeOwn,
    sharedRouteChunks,
    parts,
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

const started = Date.now()
await rm(dist, { recursive: true, force: true })
await mkdir(join(dist, 'client'), { recursive: true })
if (existsSync(join(root, 'client/public'))) {
  await cp(join(root, 'client/public'), join(dist, 'client'), { recursive: true })
  await writeIconSprites(join(root, 'client/public/assets/svg/icons'), join(dist, 'client/assets/svg/icons'))
}
const metafile = await buildClient()
if (!dev) await reminify(metafile)
const manifest = await writeManifest(metafile, await buildConsentMark())
await precompress(join(dist, 'client'))
await writeFile(join(dist, 'client', 'metafile.json'), JSON.stringify(metafile))
await buildNode('server/main.ts', join(dist, 'server', 'main.js'))
const mockEntry = ['mock-gateway/main.ts', 'mock-gateway/index.ts'].find((file) => existsSync(join(root, file)))
if (mockEntry) await buildNode(mockEntry, join(dist, 'mock-gateway', 'index.js'), ['msw', '@msw/data'])
await writeFile(join(dist, 'BUILD_ID'), manifest.buildId)
console.log(
  `build ${manifest.buildId} ready in ${Date.now() - started} ms (${Object.keys(manifest.routes).length} routes)`,
)
