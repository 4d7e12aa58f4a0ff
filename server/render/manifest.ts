/** The client build manifest: entry script, stylesheet and each route's modulepreload list. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface ClientManifest {
  buildId: string
  /** Entry module URL. */
  entry: string
  /** The framework's chunk (react, react-dom, scheduler, swr, wouter): one of `entryImports`, importing nothing. */
  framework: string
  /** Stylesheet URLs. */
  css: string[]
  /** The consent mark's URL: the classic script of `<head>` that hides the cookie banner from a shopper who agreed. */
  consentMark: string
  /** The web app manifest's URL (hashed: the app's name, icons, colours; every page links it). */
  webManifest?: string
  /** Static imports of the entry: preloaded on every page. */
  entryImports: string[]
  /** Route name → its page chunk and that chunk's static imports not already in the entry. */
  routes: Record<string, string[]>
  /** Chunks of the lazy parts some shoppers see: the user menu (`signedIn`), the cart link and buttons (`ecom`). */
  parts?: { signedIn?: string[]; ecom?: string[] }
}

/** Which lazy parts the page renders for this shopper. */
export interface PartsShown {
  signedIn: boolean
  ecom: boolean
}

/** Reads `client/manifest.json` from the dist folder; throws with a clear message when the build is missing. */
export function loadManifest(distDir: string): ClientManifest {
  const file = join(distDir, 'client', 'manifest.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ClientManifest
  } catch (error) {
    throw new Error(`client build missing (${file}): run "npm run build" first`, { cause: error })
  }
}

/** Each manifest's preload lists, by route and the parts shown: a build has a few dozen. */
const preloadLists = new WeakMap<ClientManifest, Map<string, readonly string[]>>()

/**
 * The modulepreload URLs of one page: the entry's static imports, the route's own chunks, and the
 * chunks of the lazy parts the page shows this shopper (start.tsx loads those before hydrating).
 * Made once per route and parts shown.
 */
export function preloadsFor(
  manifest: ClientManifest,
  route: string | undefined,
  shown: PartsShown = { signedIn: false, ecom: false },
): readonly string[] {
  let lists = preloadLists.get(manifest)
  if (!lists) preloadLists.set(manifest, (lists = new Map()))
  const key = `${route ?? ''} ${shown.signedIn ? 's' : ''}${shown.ecom ? 'e' : ''}`
  let list = lists.get(key)
  if (!list) {
    list = [
      ...new Set([
        ...manifest.entryImports,
        ...(route ? (manifest.routes[route] ?? []) : []),
        ...(shown.signedIn ? (manifest.parts?.signedIn ?? []) : []),
        ...(shown.ecom ? (manifest.parts?.ecom ?? []) : []),
      ]),
    ]
    lists.set(key, list)
  }
  return list
}
