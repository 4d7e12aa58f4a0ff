/**
 * The symbols of the icons every page draws on its first screen (`INLINE_ICONS`), taken once from the
 * build's sprite of the project and carried by each page's HTML right after `<body>`. `Icon` points
 * those icons at `#i-{name}`, so they are drawn in the first paint and the sprite's arrival restyles
 * none of them; the rest of a page's icons still come from the sprite.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { INLINE_ICONS, iconSpriteUrl } from '#client/components/icon.tsx'

/** A `<symbol id="…" …>…</symbol>` of the build's sprite: one per icon file. */
const SYMBOL = /<symbol id="([\w-]+)"([^>]*)>([\s\S]*?)<\/symbol>/g

/**
 * The inline icons' `<svg>` from a sprite's text: their symbols with ids `i-{name}`, in a container
 * that draws nothing. Its `display: none` is a style attribute (the CSP allows them), since the
 * stylesheet's `svg { display: block }` would win over a presentation attribute; it hides the
 * container, not what `<use>` draws from it. Throws when the sprite lacks one of them, so a build
 * without an icon fails at start, not on a page.
 */
export function inlineIconsOf(sprite: string): string {
  const symbols = new Map([...sprite.matchAll(SYMBOL)].map(([, id, attributes, body]) => [id, { attributes, body }]))
  const inline = INLINE_ICONS.map((name) => {
    const symbol = symbols.get(name)
    if (!symbol) throw new Error(`the icon sprite has no symbol "${name}"`)
    return `<symbol id="i-${name}"${symbol.attributes}>${symbol.body}</symbol>`
  })
  return `<svg style="display:none">${inline.join('')}</svg>`
}

/**
 * The inline icons of `project` from the client build in `distDir`, or '' when the build has no sprite
 * for it (the tests' small client build): the icons then draw nothing, as with a sprite that failed.
 */
export function loadInlineIcons(distDir: string, project: string): string {
  let sprite: string
  try {
    // The file the browser gets at the sprite's URL (static files are served from the build's client/).
    sprite = readFileSync(join(distDir, 'client', decodeURIComponent(iconSpriteUrl(project))), 'utf8')
  } catch {
    return ''
  }
  return inlineIconsOf(sprite)
}
