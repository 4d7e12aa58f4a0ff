/**
 * esbuild's `build`, strict: a warning fails the build. esbuild prints its warnings (`logLevel:
 * 'warning'`) and goes on; a warning nobody has to act on teaches people to skip the build's output.
 */
import { build as esbuild } from 'esbuild'

/** Runs esbuild's `build(options)`; throws when it reports any warning. */
export async function build(options) {
  const result = await esbuild(options)
  if (result.warnings.length > 0) {
    const where = (w) => (w.location ? ` (${w.location.file}:${w.location.line})` : '')
    const lines = result.warnings.map((w) => `  ${w.id ? `[${w.id}] ` : ''}${w.text}${where(w)}`)
    throw new Error(`the build printed ${result.warnings.length} warning(s), which fail it:\n${lines.join('\n')}`)
  }
  return result
}
