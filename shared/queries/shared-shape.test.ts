import { describe, expect, it, vi } from 'vitest'
import { isShared, markShared } from '../shared-mark.ts'
import { sharedShape, sharedShapeBy } from './shared-shape.ts'

describe('shared shapes', () => {
  it('maps a shared answer once and gives the same shared shape after', () => {
    const map = vi.fn((answer: { items: number[] }) => ({
      count: answer.items.length,
      items: answer.items.map((n) => ({ n })),
    }))
    const shape = sharedShape(map)
    const answer = markShared({ items: [1, 2] })
    const first = shape(answer)
    expect(shape(answer)).toBe(first)
    expect(map).toHaveBeenCalledTimes(1)
    expect(isShared(first.items[0])).toBe(true)
    expect(Object.isFrozen(first.items[0])).toBe(true)
  })

  it('maps an answer that is frozen but not marked shared every time', () => {
    const shape = sharedShape((answer: { n: number }) => ({ double: answer.n * 2 }))
    const answer = Object.freeze({ n: 2 })
    expect(shape(answer)).not.toBe(shape(answer))
  })

  it('maps an answer that is not shared every time, and leaves its shape unshared', () => {
    const shape = sharedShape((answer: { n: number }) => ({ double: answer.n * 2 }))
    const answer = { n: 2 }
    const first = shape(answer)
    expect(shape(answer)).not.toBe(first)
    expect(isShared(first)).toBe(false)
    expect(Object.isFrozen(first)).toBe(false)
  })

  it('keeps shapes by answer and argument, but not an undefined shape (an unknown argument from a URL)', () => {
    const map = vi.fn((tree: { ids: number[] }, id: number) => (tree.ids.includes(id) ? { id } : undefined))
    const shape = sharedShapeBy(map)
    const tree = markShared({ ids: [1, 2] })
    expect(shape(tree, 1)).toBe(shape(tree, 1))
    expect(shape(tree, 9)).toBeUndefined()
    expect(shape(tree, 9)).toBeUndefined()
    expect(map).toHaveBeenCalledTimes(3)
  })

  it('keys by an object argument only when it is shared too', () => {
    const map = vi.fn((tiles: number[], wanted: Set<number>) => tiles.filter((tile) => wanted.has(tile)))
    const shape = sharedShapeBy(map)
    const tiles = markShared([1, 2, 3])
    const wanted = markShared(new Set([2]))
    expect(shape(tiles, wanted)).toBe(shape(tiles, wanted))
    expect(isShared(shape(tiles, wanted))).toBe(true)
    // A fresh set per call is mapped every time and kept nowhere.
    const fresh = shape(tiles, new Set([2]))
    expect(fresh).toEqual([2])
    expect(isShared(fresh)).toBe(false)
    expect(map).toHaveBeenCalledTimes(2)
  })
})
