/**
 * The manifest the server reads (server/render/manifest.ts): the page's module script, the stylesheet,
 * the consent mark and, per route, the chunks to preload, all read from the esbuild metafile.
 */
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { root } from './root.mjs'
import { SHELL, kitEntry, KITS } from './chunking.mjs'
import { pageModules } from './page-map.mjs'
import { FRAMEWORK_ENTRY } from './framework.mjs'

/**
 * Lazy parts (client/components/lazy-part.tsx) the server renders for some shoppers only: their
 * chunks go into the manifest so a page that shows them preloads them beside the shell, instead of
 * fetching them only once the shell runs (start.tsx loads them before hydrating).
 */
const PARTS = {
  signedIn: ['client/features/auth/user-menu.tsx'],
  ecom: ['client/features/ecom/cart-link.tsx', 'client/features/ecom/cart-button.tsx'],
}

/**
 * Writes `<dist>/client/manifest.json` and returns it; `offline` is the offline shell (offline.mjs): its
 * files count in the build id, so a change of the offline page alone is a new build with a new worker.
 */
export async function writeManifest(metafile, consentMarkFile, { dist, offline }) {
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
  const chunkOf = (source, what) => {
    const found = outputs.find(([, out]) => out.entryPoint === source)
    if (!found) throw new Error(`no chunk for ${what} ${source}: is it still imported lazily?`)
    return found[0]
  }
  const [entryFile, entryOut] = outputs.find(([, out]) => out.entryPoint === 'client/entry.tsx')
  const entryImports = staticImports(entryFile)
  // The page's module script is the shell's chunk, which starts the app itself (client/app/start.tsx):
  // the entry file only imports it, and a request for those few bytes would be one more in the first load.
  const [shellFile] = outputs.find(([, out]) => Object.hasOwn(out.inputs, relative(root, SHELL)))
  // The framework's chunk also runs early, as an async module script: it must import nothing, so that
  // evaluating it can never start the app before the page is parsed.
  const [frameworkFile, frameworkOut] = outputs.find(([, out]) =>
    Object.hasOwn(out.inputs, `chunking:${FRAMEWORK_ENTRY}`),
  )
  if (!entryImports.has(frameworkFile) || frameworkOut.imports.length > 0)
    throw new Error(`the framework's chunk ${frameworkFile} must be in the first load and import nothing`)
  for (const name of Object.keys(KITS)) {
    const kit = `chunking:${kitEntry(name)}`
    const inFirstLoad = [entryFile, ...entryImports].find((file) => Object.hasOwn(metafile.outputs[file].inputs, kit))
    if (inFirstLoad) throw new Error(`the first load reaches kit ${name} (${inFirstLoad}): take the member out of KITS`)
  }
  const lazyChunks = (sources, what) => {
    const files = new Set()
    for (const source of sources) {
      const chunk = chunkOf(source, what)
      for (const file of [chunk, ...staticImports(chunk)])
        if (!entryImports.has(file) && file !== entryFile) files.add(file)
    }
    return [...files]
  }
  const routes = {}
  const users = new Map()
  for (const [route, source] of Object.entries(await pageModules())) {
    routes[route] = lazyChunks([source], `the view of route ${route}`)
    for (const file of routes[route]) users.set(file, new Set([...(users.get(file) ?? []), source]))
  }
  // A route's own chunks are those no other view loads; chunks several views share (kits, features)
  // are downloaded once per visit and reported apart.
  const routeOwn = Object.fromEntries(
    Object.entries(routes).map(([route, files]) => [
      route,
      files.filter((file) => users.get(file).size === 1).map(url),
    ]),
  )
  const parts = Object.fromEntries(
    Object.entries(PARTS).map(([name, sources]) => [name, lazyChunks(sources, 'the lazy part').map(url)]),
  )
  const buildId = createHash('sha256')
    .update([...outputs.map(([file]) => file), consentMarkFile, ...offline.files].sort().join('\n'))
    .digest('hex')
    .slice(0, 12)
  const manifest = {
    buildId,
    entry: url(shellFile),
    framework: url(frameworkFile),
    css: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    consentMark: url(consentMarkFile),
    webManifest: offline.webManifest,
    entryImports: [...entryImports].map(url),
    routes: Object.fromEntries(Object.entries(routes).map(([route, files]) => [route, files.map(url)])),
    routeOwn,
    sharedRouteChunks: [...users].filter(([, views]) => views.size > 1).map(([file]) => url(file)),
    parts,
  }
  await writeFile(join(dist, 'client', 'manifest.json'), JSON.stringify(manifest, null, 2))
  return manifest
}
