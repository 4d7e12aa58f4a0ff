import { describe, expect, it, vi } from 'vitest'
import { deepFreeze, sharedView, sharedViewBy } from './shared-view.ts'

describe('shared views', () => {
  it('maps a frozen answer once and gives the same frozen view after', () => {
    const map = vi.fn((answer: { items: number[] }) => ({
      count: answer.items.length,
      items: answer.items.map((n) => ({ n })),
    }))
    const view = sharedView(map)
    const answer = deepFreeze({ items: [1, 2] })
    const first = view(answer)
    expect(view(answer)).toBe(first)
    expect(map).toHaveBeenCalledTimes(1)
    expect(Object.isFrozen(first.items[0])).toBe(true)
  })

  it('maps an answer that is not frozen every time, and leaves its view unfrozen', () => {
    const view = sharedView((answer: { n: number }) => ({ double: answer.n * 2 }))
    const answer = { n: 2 }
    const first = view(answer)
    expect(view(answer)).not.toBe(first)
    expect(Object.isFrozen(first)).toBe(false)
  })

  it('keeps views by answer and argument, but not an undefined view (an unknown argument from a URL)', () => {
    const map = vi.fn((tree: { ids: number[] }, id: number) => (tree.ids.includes(id) ? { id } : undefined))
    const view = sharedViewBy(map)
    const tree = deepFreeze({ ids: [1, 2] })
    expect(view(tree, 1)).toBe(view(tree, 1))
    expect(view(tree, 9)).toBeUndefined()
    expect(view(tree, 9)).toBeUndefined()
    expect(map).toHaveBeenCalledTimes(3)
  })
})
