// Size and shape of the code, per top folder: files, median and largest file (lines), the comment share
// (comment lines / code lines) and the import cycles, twice: every .ts file (tests included), then the
// source alone (without `*.test.*`, `*.test-d.*` and `test/` folders), which is what a reviewer compares
// between rounds. `node scripts/code-figures.mjs [folders...]`.
import { sourceFiles, readSource, importGraph, cycles } from './import-graph.mjs'

const folders = process.argv.length > 2 ? process.argv.slice(2) : ['server', 'client', 'shared']

/** Lines of `text` by kind: comment lines (a line comment, or inside or opening a block comment) and code lines. */
function lineKinds(text) {
  let comment = 0
  let code = 0
  let inBlock = false
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '') continue
    if (inBlock) {
      comment++
      if (line.includes('*/')) inBlock = false
    } else if (line.startsWith('//')) comment++
    else if (line.startsWith('/*')) {
      comment++
      inBlock = !line.includes('*/')
    } else code++
  }
  return { comment, code }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** A test file: `x.test.ts(x)`, a type test `x.test-d.ts`, or anything under a `test/` folder. */
const isTest = (file) => /\.test(-d)?\.tsx?$/.test(file) || /(^|\/)test\//.test(file)

/** One row per folder and one for all of them; `keep` picks the files counted. */
function figures(keep) {
  const rows = []
  const graph = importGraph(sourceFiles(folders).filter(keep))
  const allCycles = cycles(graph)
  for (const folder of [...folders, 'all']) rows.push(folderRow(folder, keep, allCycles))
  return rows
}

function folderRow(folder, keep, allCycles) {
  const files = sourceFiles(folder === 'all' ? folders : [folder]).filter(keep)
  const lines = files.map((file) => readSource(file).split('\n').length - 1)
  const kinds = files.map((file) => lineKinds(readSource(file)))
  const comment = kinds.reduce((sum, kind) => sum + kind.comment, 0)
  const code = kinds.reduce((sum, kind) => sum + kind.code, 0)
  const largest = Math.max(...lines)
  const inFolder = (file) => folder === 'all' || file.startsWith(`${folder}/`)
  return {
    folder,
    files: files.length,
    'median lines': median(lines),
    'largest lines': `${largest} (${files[lines.indexOf(largest)]})`,
    'comment lines': comment,
    'code lines': code,
    'comment share': `${((100 * comment) / code).toFixed(1)}%`,
    'import cycles': allCycles.filter((component) => component.some(inFolder)).length,
  }
}

console.log('With tests:')
console.table(figures(() => true))
console.log('Source only (tests excluded):')
console.table(figures((file) => !isTest(file)))
