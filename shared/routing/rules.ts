/**
 * The routing rules of spec section 2 (rules 1-5 and the guards) as one pure function, called by the
 * server before it renders and by the browser on every navigation. Rules 6-8 (scroll, prefetch,
 * transition wait) are browser behaviour and live in the client's navigation code.
 */
import { compilePattern, type CompiledPattern } from './match.ts'
import { matchSegments, pathSegments } from './match-pattern.ts'
import { ROUTE_LIST, ROUTES, type AnyRoute } from './routes.ts'
import type { SessionState } from './types.ts'

/** Where a navigation ends up. */
export type Decision =
  | { kind: 'redirect'; location: string; status: 301 | 302; external: boolean; rule: string }
  | { kind: 'not-found'; status: 404; message: string }
  | {
      kind: 'render'
      route: AnyRoute
      params: Record<string, unknown>
      /** A guard that is not satisfied: the page frame renders and the login or store dialog opens. */
      blocked?: 'login' | 'store'
    }

/** A path matched against the route table: the route and its parsed params. */
export interface RouteMatch {
  route: AnyRoute
  params: Record<string, unknown>
}

/** A request path as the rules see it: trailing slash dropped, and the route it matches (if any). */
export interface PathMatch {
  /** The path without its trailing slash (`//…` paths stay as they are: never a route). */
  pathname: string
  /** Undefined for an unmatched path or invalid params (rule 5). */
  match: RouteMatch | undefined
}

export interface NavigationInput {
  /** The raw request pathname (still percent-encoded). */
  pathname: string
  /** The path already matched (`matchPath(pathname)`), so a request is matched once; matched here when absent. */
  matched?: PathMatch
  /** The raw query string, with or without `?`. */
  search: string
  session: SessionState
  /** `MAIN_SITE_URL`: the external site of the profile pages. */
  mainSiteUrl: string
}

const PROFILE_INCOMPLETE_PATH = ROUTES['profile-incomplete'].patterns[0]!
const compiled: ReadonlyArray<{ route: AnyRoute; patterns: CompiledPattern[] }> = ROUTE_LIST.map((route) => ({
  route,
  patterns: route.patterns.map(compilePattern),
}))

/** Joins `MAIN_SITE_URL` with a path and query; the result is always under the main site's origin. */
export function mainSiteLocation(mainSiteUrl: string, pathname: string, search: string): string {
  const base = new URL(mainSiteUrl)
  const target = new URL(base.origin)
  // The path is appended to the configured base, never parsed as a URL of its own (no host injection).
  target.pathname = base.pathname.replace(/\/$/, '') + pathname
  target.search = search
  return target.toString()
}

/**
 * Whether rule 2 looks at a path: any path starting with `/profile`, as the spec words it, so
 * `/profileabc` and `/profiles/x` too (the main site decides what they are).
 */
export const isProfilePath = (pathname: string): boolean => pathname.startsWith('/profile')

/** Matches a path against the route table; undefined for an unmatched path or invalid params (rule 5). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  // `//host/…` and `/\host/…` are absolute URLs to a browser (section 3): never one of our routes.
  if (/^\/[/\\]/.test(pathname)) return undefined
  // Split and decoded once for the whole table (a malformed escape matches no route).
  const parts = pathSegments(pathname)
  if (!parts) return undefined
  for (const { route, patterns } of compiled) {
    for (const pattern of patterns) {
      const raw = matchSegments(pattern, parts)
      if (!raw) continue
      if (!route.params) return { route, params: raw }
      const parsed = route.params(raw)
      if (parsed !== undefined) return { route, params: parsed as Record<string, unknown> }
      // The path has the route's shape but its params are invalid: rule 5, not another route.
      return undefined
    }
  }
  return undefined
}

/** Normalises a raw pathname (trailing slash ignored, except on `//…` paths) and matches it once. */
export function matchPath(rawPathname: string): PathMatch {
  const pathname =
    rawPathname.length > 1 && !/^\/[/\\]/.test(rawPathname) ? rawPathname.replace(/\/+$/, '') : rawPathname
  return { pathname, match: matchRoute(pathname) }
}

/** The `Page not found: {path}` message of rule 5. */
export const notFoundMessage = (pathname: string): string => `Page not found: ${pathname}`

/** Applies rules 1, 2, 4, 5 and the guards to a navigation. Pure: no I/O, no clock. */
export function resolveNavigation(input: NavigationInput): Decision {
  const { session } = input
  const search = input.search === '' || input.search.startsWith('?') ? input.search : `?${input.search}`
  const { pathname, match: matched } = input.matched ?? matchPath(input.pathname)

  // Rule 2: any path starting with /profile goes to the main site unless it contains 'incomplete'.
  if (isProfilePath(pathname) && !pathname.includes('incomplete')) {
    return {
      kind: 'redirect',
      location: mainSiteLocation(input.mainSiteUrl, pathname, search),
      status: 301,
      external: true,
      rule: 'profile-external',
    }
  }

  if (!matched || matched.route.kind !== 'page')
    return { kind: 'not-found', status: 404, message: notFoundMessage(pathname) }
  const { route } = matched

  // Rule 1: with a JWT the registration route goes to the profile route (external by rule 2).
  if (route.name === 'registration' && session.authorized) {
    return {
      kind: 'redirect',
      location: mainSiteLocation(input.mainSiteUrl, '/profile', ''),
      status: 302,
      external: true,
      rule: 'registration-authorized',
    }
  }

  // Rule 4: an incomplete profile is completed first; a valid one has nothing to do on that page.
  if (session.authorized && session.incompleteProfile && route.name !== 'profile-incomplete') {
    return {
      kind: 'redirect',
      location: PROFILE_INCOMPLETE_PATH,
      status: 302,
      external: false,
      rule: 'profile-incomplete',
    }
  }
  if (route.name === 'profile-incomplete' && !(session.authorized && session.incompleteProfile)) {
    return { kind: 'redirect', location: '/', status: 302, external: false, rule: 'profile-valid' }
  }

  if (route.feature === 'ecom' && !session.ecomEnabled && session.authorized) {
    return { kind: 'not-found', status: 404, message: notFoundMessage(pathname) }
  }
  if (route.guards.includes('authorized') && !session.authorized) {
    return { kind: 'render', route, params: matched.params, blocked: 'login' }
  }
  if (route.guards.includes('offline-store-guard') && session.storeChosen === false && !session.bot) {
    return { kind: 'render', route, params: matched.params, blocked: 'store' }
  }
  return { kind: 'render', route, params: matched.params }
}

/**
 * Rule 3: a redirect the gateway asked for. A relative target stays a client navigation; an absolute
 * one is a full page load and is followed only to our own origin or the main site's host. Anything
 * else (including `//host` and `/\host`, which browsers treat as absolute) is refused: undefined.
 */
export function resolveServerRedirect(
  location: string,
  options: { origin: string; mainSiteUrl: string; permanent: boolean },
): Extract<Decision, { kind: 'redirect' }> | undefined {
  let target: URL
  try {
    target = new URL(location, options.origin)
  } catch {
    return undefined
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined
  const status = options.permanent ? 301 : 302
  const relative =
    location.startsWith('/') && !location.startsWith('//') && !/^\/[\\\s]/.test(location) && !location.includes('\\')
  if (target.origin === new URL(options.origin).origin) {
    // `https://own//evil` and `/.//evil` have the path `//evil`, which a Location header would make protocol-relative.
    const path = target.pathname.replace(/^\/{2,}/, '/')
    return {
      kind: 'redirect',
      location: path + target.search + target.hash,
      status,
      external: !relative,
      rule: 'server-redirect',
    }
  }
  if (target.host === new URL(options.mainSiteUrl).host) {
    return { kind: 'redirect', location: target.toString(), status, external: true, rule: 'server-redirect' }
  }
  return undefined
}
