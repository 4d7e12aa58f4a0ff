/**
 * Kept fragments: the HTML of a card's children, rendered once per shared data object and variant
 * (decision 019, client/components/fragment-cache.tsx). A page's render notes its misses and renders
 * them as usual; once the page is sent, each miss is rendered alone inside the page's providers
 * (client/app/fragment-frame.tsx) and kept. A fragment is kept by the very object it shows, in a
 * WeakMap, so it lives as long as that object: the answer memo keeps a bounded set of answers and the
 * views made from them (decision 016), and a changed answer brings new objects and new fragments.
 * Children found not fit to keep are remembered as such, so they are not rendered alone again.
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type { FragmentCache } from '#client/components/fragment-cache.tsx'

/**
 * HTML that is not only the children's own: a boundary left for the browser (it suspended or failed),
 * a resource React hoists to the page's head (an eager image's preload, a title, a stylesheet), or an
 * id made by `useId`, which depends on the element's place in the whole tree.
 */
const NOT_OWN_HTML = /<!--\$!-->|<(?:link|meta|title|style|script)[\s>]|="_R_/

interface Miss {
  owner: object
  variant: string
  children: () => ReactNode
}

export interface FragmentsOptions {
  /** Keep nothing (the answer memo is off, so no data is shared). */
  disabled?: boolean
  /** Called on each lookup: whether the fragment was kept. */
  onLookup?: (hit: boolean) => void
  /** Called when a noted fragment could not be rendered alone (it is then not kept). */
  onError?: (error: unknown) => void
}

/** What `kept` holds for children that cannot be kept (see NOT_OWN_HTML): they are not rendered alone again. */
const NOT_KEPT = null

/** The process's kept fragments. */
export class Fragments {
  private readonly kept = new WeakMap<object, Map<string, string | typeof NOT_KEPT>>()

  constructor(private readonly options: FragmentsOptions = {}) {}

  /** The fragment cache of one page's render; `fill()` it once the page is sent. Undefined when disabled. */
  forPage(): PageFragments | undefined {
    return this.options.disabled ? undefined : new PageFragments(this)
  }

  /** @internal The kept HTML of `owner`'s children in `variant`; `null` when they cannot be kept. */
  get(owner: object, variant: string): string | typeof NOT_KEPT | undefined {
    const html = this.kept.get(owner)?.get(variant)
    if (html !== NOT_KEPT) this.options.onLookup?.(html !== undefined)
    return html
  }

  /** @internal Renders noted misses alone and keeps their HTML. */
  fill(misses: readonly Miss[], frame: (children: ReactNode) => ReactNode): void {
    for (const { owner, variant, children } of misses) {
      let variants = this.kept.get(owner)
      if (variants?.has(variant)) continue
      let html: string | typeof NOT_KEPT
      try {
        html = renderToString(frame(children()))
        if (NOT_OWN_HTML.test(html)) html = NOT_KEPT
      } catch (error) {
        this.options.onError?.(error)
        html = NOT_KEPT
      }
      if (!variants) this.kept.set(owner, (variants = new Map()))
      variants.set(variant, html)
    }
  }
}

/** One render's view of the kept fragments: lookups, and the misses it noted. */
export class PageFragments implements FragmentCache {
  private readonly misses: Miss[] = []
  private frame: ((children: ReactNode) => ReactNode) | undefined

  constructor(private readonly fragments: Fragments) {}

  lookup(owner: object, variant: string, children: () => ReactNode): string | undefined {
    const html = this.fragments.get(owner, variant)
    if (html === undefined) this.misses.push({ owner, variant, children })
    return html ?? undefined
  }

  frameWith(frame: (children: ReactNode) => ReactNode): void {
    this.frame ??= frame
  }

  /** Renders and keeps what this page missed (once; the page's own HTML is already made). */
  fill(): void {
    if (this.frame && this.misses.length > 0) this.fragments.fill(this.misses.splice(0), this.frame)
  }
}
