/**
 * `<CachedChildren as owner variant>`: an element whose children's HTML the server renders once per
 * piece of shared data (decision 019). On an anonymous page, the data is the same shared objects from
 * request to request (`markShared`); a product card shows nothing else, and 24 of them are half of a
 * category page's render. The server provides a `FragmentCache`: the
 * first render of a card notes a miss and renders as usual, the cache then renders the children alone
 * and keeps their HTML by the data object's identity and the variant; later renders set that HTML
 * inside the element. The browser has no cache: it renders the children and hydrates the same DOM.
 *
 * Only data the server marked shared is kept (a signed-in shopper's data never is), and `variant` must name
 * everything else the children's HTML depends on (props, flags): the server's tests compare whole
 * pages rendered with and without the cache, byte for byte.
 */
import { createContext, createElement, use, type HTMLAttributes, type ReactNode } from 'react'
import { isShared } from '#shared/shared-mark.ts'

/** The server's kept fragments, per process; absent in the browser. */
export interface FragmentCache {
  /** The kept HTML of the children of `owner` in `variant`, or undefined (a miss: `children()` are rendered alone later). */
  lookup(owner: object, variant: string, children: () => ReactNode): string | undefined
  /** Takes the app's contexts around the page, so noted children render alone as in the page. */
  frameWith(frame: (children: ReactNode) => ReactNode): void
}

export const FragmentCacheContext = /* @__PURE__ */ createContext<FragmentCache | undefined>(undefined)

export interface CachedChildrenProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The element's tag. */
  as: 'article' | 'div' | 'footer' | 'li' | 'section'
  /** The shared data the children show: their HTML is kept while this very object is in use. */
  owner: object
  /** Everything besides `owner` that changes the children's HTML. */
  variant: string
  /** Keep nothing for this render: the children depend on something personal, or render more than their HTML. */
  personal?: boolean
  /** Makes the children: called only when they are rendered (never for kept HTML). */
  children: () => ReactNode
  'data-goods-id'?: number
}

/** The server's kept HTML of a shared owner's children, if any. */
function keptHtml(
  cache: FragmentCache | undefined,
  owner: object,
  variant: string,
  personal: boolean | undefined,
  children: () => ReactNode,
): string | undefined {
  return cache && !personal && isShared(owner) ? cache.lookup(owner, variant, children) : undefined
}

/** An element whose children's HTML the server may take from its fragment cache. */
export function CachedChildren({ as, owner, variant, personal, children, ...attributes }: CachedChildrenProps) {
  // Only the server has a cache: the browser's build drops the lookup (a build-time constant).
  const html = import.meta.env.SSR ? keptHtml(use(FragmentCacheContext), owner, variant, personal, children) : undefined
  if (html === undefined) return createElement(as, attributes, children())
  // `attributes` is this render's own object (the rest of the props): no second copy for the kept HTML.
  attributes.dangerouslySetInnerHTML = { __html: html }
  return createElement(as, attributes)
}
