/**
 * The framework chunk: react, react-dom, scheduler, swr and wouter, one chunk that changes only with
 * them. Our code reaches React's CommonJS packages through ES-module facades (decision 014), and of
 * swr and wouter the framework entry re-exports only the names our code imports, so the rest is dropped.
 */
import { importedNames } from './source-imports.mjs'

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
export const FACADE_PREFIX = 'virtual:facade:'
export const FRAMEWORK_ENTRY = 'virtual:framework'
/** What our code imports as React's packages: the build answers the facade instead. */
export const FACADED = /^(react|react\/jsx-runtime|react-dom|react-dom\/client)$/
/**
 * swr imports `use-sync-external-store/shim`, which answers React's own `useSyncExternalStore` whenever
 * React has one (React 18 and later) and otherwise a polyfill: with React 19 that polyfill is dead code
 * in the framework chunk, so the browser build resolves the shim to React's hook directly.
 */
export const SYNC_EXTERNAL_STORE_SHIM = 'virtual:use-sync-external-store-shim'
/**
 * swr's warning about a key the server rendered without prefetched data prints only with the
 * `strictServerPrefetchWarning` option, which this app never sets; its text alone is 130 B of gzip in
 * every first load. The browser build drops that one statement (`withoutPrefetchWarning`), and fails
 * when an swr release no longer has it, so that the drop is looked at again.
 */
export const SWR_WITH_PREFETCH_WARNING = /\/node_modules\/swr\/dist\/use-swr-[^/]*\.mjs$/
const PREFETCH_WARNING = /console\.warn\(`Missing pre-initiated data for serialized key [^`]*`\);/
export function withoutPrefetchWarning(source, path) {
  const dropped = source.replace(PREFETCH_WARNING, '')
  if (dropped === source) throw new Error(`${path}: swr's prefetch warning was not found (scripts/build/framework.mjs)`)
  return dropped
}

/**
 * A package imported lazily (Leaflet) is reached through a module that imports the framework first,
 * as every lazy module of ours imports the shell: the bundler's CommonJS helpers such a package needs
 * are then reached by the same entry points as the framework and stay in its chunk, instead of a
 * chunk of their own that every page loads (one request and 0.2 KB of the first load).
 */
export const LAZY_PACKAGE_PREFIX = 'virtual:lazy-package:'
export const lazyPackage = (name) =>
  [
    `import ${JSON.stringify(FRAMEWORK_ENTRY)}`,
    `export * from ${JSON.stringify(name)}`,
    `export { default } from ${JSON.stringify(name)}`,
  ].join('\n')

/** The framework's virtual modules: its entry, the facades and the shim, by path. */
export async function frameworkModules() {
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
  const entry = [
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
  ].join('\n')
  return {
    [FRAMEWORK_ENTRY]: entry,
    ...facades,
    [SYNC_EXTERNAL_STORE_SHIM]: "export { useSyncExternalStore } from 'react'",
  }
}
