import type { ParamsParser } from './params.ts'
import type { Query, QueryData } from './query.ts'

export type Layout = 'default' | 'product'
export type Guard = 'authorized' | 'offline-store-guard'
/** A feature a route belongs to; when it is off for the user the route answers 404. */
export type Feature = 'ecom'

/** What the rules and loaders know about the visitor (derived from cookies on the server, state in the browser). */
export interface SessionState {
  /** An access-token cookie exists (spec section 6). */
  authorized: boolean
  /** A customer-code cookie exists: the registration route is allowed (rule 1). */
  customerCode: boolean
  /** The `incomplete_profile` cookie says the profile is incomplete (rule 4). */
  incompleteProfile: boolean
  /** E-commerce is on for this visitor (config `ecom`, or the user id is listed). */
  ecomEnabled: boolean
  /** A store is chosen; undefined when unknown (the server cannot see local storage). */
  storeChosen?: boolean | undefined
  /** The visitor is a crawler: never redirected by the city/store choice. */
  bot?: boolean
}

/** Query-string values of the current URL. */
export type SearchParams = Readonly<Record<string, string | readonly string[] | undefined>>

export interface LoaderContext<TParams> {
  params: TParams
  search: SearchParams
  session: SessionState
  product: string
}

/** Head tags of a page. */
export interface PageMeta {
  /** At most 70 characters. */
  title: string
  /** At most 160 characters. */
  description: string
  /** Canonical path (no sort/filter/page parameters). Defaults to the request path. */
  canonicalPath?: string
  ogType?: 'website' | 'product' | 'article'
  ogImage?: string
  robots?: string
  /** JSON-LD objects (Product, Review, BreadcrumbList). */
  jsonLd?: readonly object[]
}

export type LoaderMap = Record<string, Query<unknown>>
export type LoadedData<L extends LoaderMap> = { [K in keyof L]: QueryData<L[K]> | undefined }

/**
 * A route module's data and head behaviour (`shared/routes/<group>.ts`), typed by its route's params.
 * Methods, not function properties: a module of one route is then usable where any route's module
 * is expected (the page pipeline, `shared/routing/outcome.ts`), with no casts.
 */
export interface RoutePage<TParams, TLoaders extends LoaderMap = LoaderMap> {
  /** The route's named queries; essential unless wrapped in `optional()`. */
  loaders?(ctx: LoaderContext<TParams>): TLoaders
  /** Head tags once the data is known (or with every loader undefined, before it is). */
  meta(ctx: LoaderContext<TParams>, data: LoadedData<TLoaders>): PageMeta
  /**
   * The canonical path of the page once its data is known; a request for another path of the same
   * page (no slug, wrong slug) is redirected there with 301.
   */
  canonical?(ctx: LoaderContext<TParams>, data: LoadedData<TLoaders>): string | undefined
  /** A redirect the gateway asked for (spec rule 3), read from the loaded data. */
  serverRedirect?(data: LoadedData<TLoaders>): { location: string; permanent: boolean } | undefined
}

/** The URL part of a route: what matching and the routing rules need, in every browser's first load. */
export interface RouteDef<TName extends string = string, TParams = Record<string, unknown>> {
  readonly name: TName
  /** Patterns tried in order; the first that matches wins, `href` uses the first it can fill. */
  readonly patterns: readonly string[]
  readonly layout: Layout
  /** Parses the raw path params; a route without params has none. */
  readonly params: ParamsParser<TParams> | undefined
  readonly guards: readonly Guard[]
  readonly feature?: Feature
  /** The parent route of a child route (`reviews` under `product`, cart under `ecom`). */
  readonly parent?: string
  /** `page` renders React; `resource` is answered by a server route (sitemap); `external` lives on the main site. */
  readonly kind: 'page' | 'resource' | 'external'
}

/** Declares the URL part of a route; its data and head live in its route module. */
export function defineRoute<TName extends string, TParams>(def: {
  name: TName
  patterns: readonly string[]
  layout?: Layout
  params?: ParamsParser<TParams>
  guards?: readonly Guard[]
  feature?: Feature
  parent?: string
  kind?: 'page' | 'resource' | 'external'
}): RouteDef<TName, TParams> {
  return Object.freeze({
    name: def.name,
    patterns: def.patterns,
    layout: def.layout ?? 'default',
    params: def.params,
    guards: def.guards ?? [],
    kind: def.kind ?? 'page',
    ...(def.feature ? { feature: def.feature } : {}),
    ...(def.parent ? { parent: def.parent } : {}),
  })
}
