/**
 * The toolbar's logo without its code in the browser: the mark is static SVG, so the browser keeps the
 * server's markup (a `dangerouslySetInnerHTML` of that very HTML, which hydration leaves untouched, as
 * the footer does) instead of loading logo.tsx, which the server renders (loaded before its first
 * render, `renderedByServer`).
 */
import { renderedByServer } from '#client/components/lazy-part.tsx'

let logo: typeof import('#client/components/layout/logo.tsx') | undefined
renderedByServer(() => import('#client/components/layout/logo.tsx').then((module) => (logo = module)))

/** The logo's inner markup as the server wrote it, read once: every page has the toolbar. */
let kept: string | undefined

/** The logo in the toolbar: rendered by the server, kept as it is by the browser. */
export function ToolbarLogo() {
  if (import.meta.env.SSR) return logo && <logo.Logo />
  kept ??= document.querySelector('.toolbar__logo > .logo')?.innerHTML ?? ''
  return (
    <span className="logo" aria-hidden="true" dangerouslySetInnerHTML={{ __html: kept }} suppressHydrationWarning />
  )
}
