/**
 * A second minifying pass over the browser chunks esbuild wrote, with their source maps carried over
 * (decision 014). esbuild minifies per statement; terser's compressor (two passes, safe transforms
 * only) folds what that leaves: on the framework chunk it saves about 1.3 KB of gzip (react-dom is
 * 205 KB of it), on the app's chunks a few percent. The file names keep esbuild's content hashes:
 * terser's output is a pure function of its input, so a name still changes exactly when its content
 * does. The chunks carry no `sourceMappingURL` comment: the server names each one's map in a
 * `SourceMap` header (server/plugins/assets.ts).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { minify } from 'terser'
import { root } from './root.mjs'

/** Options of the pass. */
const TERSER = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: true,
  format: { comments: false, ascii_only: true },
}
/** V8's explicit compile hint for the framework chunk. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
/**
 * A comment esbuild writes at the top of every chunk, so that its content hash, the chunk's name,
 * changes with the second pass's options too (terser drops the comment): otherwise a change of those
 * options alone would ship new content under names browsers keep for a year.
 */
export const REMINIFY_STAMP = `/* reminify ${createHash('sha256')
  .update(
    JSON.stringify([
      TERSER,
      COMPILE_HINT,
      JSON.parse(readFileSync(join(root, 'node_modules/terser/package.json'), 'utf8')).version,
    ]),
  )
  .digest('hex')
  .slice(0, 8)} */`

/** Minifies every JavaScript output of the metafile again, in place. */
export async function reminify(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue
    // V8's explicit compile hint: compile every function of the framework chunk with the script, on
    // the streaming thread, instead of lazily on the main thread when hydration first calls each
    // one (most of react-dom runs during the first load). Traces of / at 4x CPU throttling showed the
    // chunk's evaluation on the main thread about a third shorter; other engines ignore the comment.
    const eager = Object.keys(output.inputs).some((input) => input.includes('/react-dom/cjs/'))
    const path = join(root, file)
    const { code, map } = await minify(await readFile(path, 'utf8'), {
      ...TERSER,
      format: { ...TERSER.format, ...(eager ? { preamble: COMPILE_HINT } : {}) },
      sourceMap: { content: await readFile(`${path}.map`, 'utf8') },
    })
    await writeFile(path, code)
    await writeFile(`${path}.map`, map)
  }
}
