/** The sprite's file name in each project folder. */
export const SPRITE_FILE: string
/** One icon file's text as a `<symbol>`; throws on text that is not one `<svg>` element. */
export function iconSymbol(name: string, text: string): string
/** The sprite of the icon files (name → text), sorted by name. */
export function iconSprite(files: Iterable<readonly [string, string]>): string
/** Writes `all.svg` into `outDir/{project}/` for every project folder of `sourceDir`. */
export function writeIconSprites(sourceDir: string, outDir: string): Promise<void>
