import { describe, expect, it } from 'vitest'
import { cyclePath, cycles, importGraph, sourceFiles, specifiers } from './import-graph.mjs'

describe('import cycles', () => {
  it('finds each group of files that import each other, and a path around it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['f.ts']],
      ['f.ts', ['e.ts']],
    ])
    const found = cycles(graph)
    expect(found).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
      ['e.ts', 'f.ts'],
    ])
    expect(cyclePath(graph, found[0]!)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts'])
  })

  it('reads static imports and type queries (`typeof import`)', () => {
    const found = specifiers('client/navigation/navigation.ts')
    expect(found).toContain('./client-navigation.ts')
    expect(found).toContain('./load-chunk.ts')
  })

  it('finds none in our sources', () => {
    const graph = importGraph(sourceFiles(['shared', 'client', 'server']))
    expect(graph.get('server/render/page-request.ts')).toContain('server/render/send-document.tsx')
    expect(cycles(graph)).toEqual([])
  })
})
