// The import graph of our TypeScript sources, read from the text (no type checker): every static
// `import`/`export ... from` and side-effect import, type-only ones and `typeof import('…')` types
// included, resolved through the relative path or the package.json `imports` aliases. A dynamic
// `import()` that loads code on use is left out: it does not form a load-order cycle.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { join, dirname, relative, resolve } from 'node:path'

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..')
const ALIASES = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports
const SKIP = new Set(['node_modules', 'dist', 'public'])

/** Every .ts/.tsx file under `folders` (repo-relative paths). */
export function sourceFiles(folders) {
  const out = []
  const walk = (dir) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      if (SKIP.has(name)) continue
      const path = join(dir, name)
      if (statSync(join(ROOT, path)).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
    }
  }
  for (const folder of folders) if (existsSync(join(ROOT, folder))) walk(folder)
  return out.sort()
}

export const readSource = (path) => readFileSync(join(ROOT, path), 'utf8')

/** The text without comment lines and comment blocks that start a line. */
function withoutComments(text) {
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '')
}

const IMPORT_FROM = /\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g
const SIDE_EFFECT = /^\s*import\s*['"]([^'"]+)['"]/gm
const TYPE_QUERY = /\btypeof\s+import\(\s*['"]([^'"]+)['"]\s*\)/g

/** The specifiers `path` imports statically. */
export function specifiers(path) {
  const text = withoutComments(readSource(path))
  return [...text.matchAll(IMPORT_FROM), ...text.matchAll(SIDE_EFFECT), ...text.matchAll(TYPE_QUERY)].map(
    (match) => match[1],
  )
}

function resolveSpecifier(from, specifier) {
  let base
  if (specifier.startsWith('.')) base = join(dirname(from), specifier)
  else {
    const alias = Object.keys(ALIASES).find((key) => specifier.startsWith(key.slice(0, -1)))
    if (!alias) return undefined
    base = join(ALIASES[alias].slice(0, -1), specifier.slice(alias.length - 1))
  }
  base = base.replace(/\.(m?js|jsx)$/, '')
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(ROOT, candidate))) return candidate
  }
  return undefined
}

/** Map of file to the files of ours it imports. */
export function importGraph(files) {
  const known = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const targets = specifiers(file)
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target) => target !== undefined && known.has(target) && target !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Strongly connected components of more than one file (Tarjan): each is at least one import cycle. */
export function cycles(graph) {
  let index = 0
  const indexOf = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  const visit = (node) => {
    indexOf.set(node, index)
    low.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)))
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node)
  return found
}

/** One path around a component, for the message: a -> b -> ... -> a. */
export function cyclePath(graph, component) {
  const members = new Set(component)
  const start = component[0]
  const previous = new Map([[start, undefined]])
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [start]
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

export const repoPath = (path) => relative(ROOT, join(ROOT, path))
