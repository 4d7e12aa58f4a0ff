/**
 * The icon sprite (spec section 7's icon path): every icon file of a project's folder,
 * `client/public/assets/svg/icons/{project}/{name}.svg`, becomes one `<symbol id="{name}">` of
 * `all.svg` in the same folder of the build. `Icon` (client/components/icon.tsx) draws an icon as
 * `<svg><use href="/assets/svg/icons/{project}/all.svg#{name}"/></svg>`: the server's HTML shows
 * every icon without JavaScript, a page fetches its icons in one request, and hydration commits nothing
 * for them. The single files stay where they are. Served like them, for an hour (server/plugins/assets.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The sprite's file name in each project folder: short, since every icon of a page repeats it (the
 * category page's HTML has a budget). No icon file may be called `all.svg`.
 */
export const SPRITE_FILE = 'all.svg'

/** Attributes of an icon's root `<svg>` that a `<symbol>` keeps (the rest size or mark the file). */
const KEPT = /^(viewBox|fill|stroke|stroke-[a-z]+|fill-rule|clip-rule)$/

/** One icon file's text as a `<symbol>`; throws on text that is not one `<svg>` element. */
export function iconSymbol(name, text) {
  const match = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(text.trim())
  if (!match) throw new Error(`icon ${name}: not an SVG document`)
  const [, attributes, body] = match
  if (/<(script|foreignObject|iframe)\b|\son[a-z]+\s*=/i.test(body + attributes))
    throw new Error(`icon ${name}: scripts and event handlers are not allowed in an icon`)
  const kept = [...attributes.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)]
    .filter(([, attribute]) => KEPT.test(attribute))
    .map(([, attribute, value]) => ` ${attribute}="${value}"`)
    .join('')
  if (!kept.includes('viewBox=')) throw new Error(`icon ${name}: no viewBox`)
  return `<symbol id="${name}"${kept}>${body.trim()}</symbol>`
}

/** The sprite of the icon files in `dir` (name → text), sorted by name. */
export function iconSprite(files) {
  const symbols = [...files].sort(([a], [b]) => a.localeCompare(b)).map(([name, text]) => iconSymbol(name, text))
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`
}

/** Writes `all.svg` into `outDir/{project}/` for every project folder of `sourceDir`. */
export async function writeIconSprites(sourceDir, outDir) {
  for (const project of await readdir(sourceDir, { withFileTypes: true })) {
    if (!project.isDirectory()) continue
    const dir = join(sourceDir, project.name)
    const names = (await readdir(dir)).filter((file) => file.endsWith('.svg') && file !== SPRITE_FILE)
    const files = await Promise.all(
      names.map(async (file) => [file.slice(0, -4), await readFile(join(dir, file), 'utf8')]),
    )
    await writeFile(join(outDir, project.name, SPRITE_FILE), iconSprite(files))
  }
}
