import { describe, expect, it, vi } from 'vitest'
import { isShared, markShared } from '../shared-mark.ts'
import { sharedView, sharedViewBy } from './shared-view.ts'

describe('shared views', () => {
  it('maps a shared answer once and gives the same shared view after', () => {
    const map = vi.fn((answer: { items: number[] }) => ({
      count: answer.items.length,
      items: answer.items.map((n) => ({ n })),
    }))
    const view = sharedView(map)
    const answer = markShared({ items: [1, 2] })
    const first = view(answer)
    expect(view(answer)).toBe(first)
    expect(map).toHaveBeenCalledTimes(1)
    expect(isShared(first.items[0])).toBe(true)
    expect(Object.isFrozen(first.items[0])).toBe(true)
  })

  it('maps an answer that is frozen but not marked shared every time', () => {
    const view = sharedView((answer: { n: number }) => ({ double: answer.n * 2 }))
    const answer = Object.freeze({ n: 2 })
    expect(view(answer)).not.toBe(view(answer))
  })

  it('maps an answer that is not shared every time, and leaves its view unshared', () => {
    const view = sharedView((answer: { n: number }) => ({ double: answer.n * 2 }))
    const answer = { n: 2 }
    const first = view(answer)
    expect(view(answer)).not.toBe(first)
    expect(isShared(first)).toBe(false)
    expect(Object.isFrozen(first)).toBe(false)
  })

  it('keeps views by answer and argument, but not an undefined view (an unknown argument from a URL)', () => {
    const map = vi.fn((tree: { ids: number[] }, id: number) => (tree.ids.includes(id) ? { id } : undefined))
    const view = sharedViewBy(map)
    const tree = markShared({ ids: [1, 2] })
    expect(view(tree, 1)).toBe(view(tree, 1))
    expect(view(tree, 9)).toBeUndefined()
    expect(view(tree, 9)).toBeUndefined()
    expect(map).toHaveBeenCalledTimes(3)
  })
})
