import { describe, expect, it } from 'vitest'
import { parsePositions, rememberPosition, type ScrollPositions } from './scroll-memory.ts'

describe('scroll memory', () => {
  it('keeps the newest position of an entry and forgets the oldest entries beyond the limit', () => {
    const positions: ScrollPositions = new Map()
    rememberPosition(positions, 'a', 100, 2)
    rememberPosition(positions, 'b', 200.4, 2)
    rememberPosition(positions, 'a', 2500, 2)
    rememberPosition(positions, 'c', -5, 2)
    expect([...positions]).toEqual([
      ['a', 2500],
      ['c', 0],
    ])
  })

  it('reads stored positions and treats anything broken as none', () => {
    expect([...parsePositions('[["k1",2500],["k2",0]]')]).toEqual([
      ['k1', 2500],
      ['k2', 0],
    ])
    expect(parsePositions('{not json').size).toBe(0)
    expect(parsePositions(null).size).toBe(0)
    expect([...parsePositions('[["ok",1],["bad","x"],3]')]).toEqual([['ok', 1]])
  })
})
