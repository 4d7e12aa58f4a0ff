/**
 * What the source files import, read from their text: the modules imported lazily, the names taken
 * from a package, and the files a module imports values (not only types) from. The build reads
 * these; it never rewrites a source file.
 */
import { readFile, readdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { root } from './root.mjs'

/** The .ts/.tsx files of client/ and shared/, tests aside: `[folder, name]` pairs. */
async function sourceFiles() {
  const files = []
  for (const folder of ['client', 'shared']) {
    for (const entry of await readdir(join(root, folder), { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name))
        files.push([entry.parentPath ?? entry.path, entry.name])
    }
  }
  return files
}

/** Every module of client/ and shared/ that something imports lazily (`import('…')`). */
export async function lazyModules() {
  const found = new Set()
  for (const [dir, name] of await sourceFiles()) {
    const text = await readFile(join(dir, name), 'utf8')
    for (const [, spec] of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
      const file = spec.startsWith('#') ? join(root, spec.slice(1)) : join(dir, spec)
      if (existsSync(file)) found.add(file)
    }
  }
  return found
}

/** Package → the value names that client/ and shared/ import from it (`default` for a default import). */
export async function importedNames(packages) {
  const names = new Map(packages.map((name) => [name, new Set()]))
  for (const [dir, name] of await sourceFiles()) {
    const text = await readFile(join(dir, name), 'utf8')
    for (const [, clause, spec] of text.matchAll(/^import\s+(?!type\s)([^'\n]*?)\s*from\s+'([^']+)'/gm)) {
      const found = names.get(spec)
      if (!found) continue
      const [, defaultName, braced] = /^(\w+)?\s*,?\s*(?:\{([^}]*)\})?$/.exec(clause.trim()) ?? []
      if (defaultName) found.add('default')
      for (const item of (braced ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part && !part.startsWith('type ')))
        found.add(item.split(/\s+as\s+/)[0])
      if (!defaultName && braced === undefined) throw new Error(`${name}: cannot read the import of ${spec}`)
    }
  }
  return names
}

/** The files a module imports values (not only types) from, by `#shared/`, `#client/` or relative specifiers. */
export function valueImports(source, importer) {
  const targets = []
  for (const [, clause, spec] of source.matchAll(/^import\s+([^']*?)\s*from\s+'([^']+)'/gm)) {
    const names = /^\{([^}]*)\}$/
      .exec(clause)?.[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    if (clause.startsWith('type ') || names?.every((name) => name.startsWith('type '))) continue
    const target = /^#(shared|client)\//.test(spec)
      ? join(root, spec.slice(1))
      : spec.startsWith('.')
        ? join(dirname(importer), spec)
        : undefined
    if (target) targets.push(target)
  }
  return targets
}
