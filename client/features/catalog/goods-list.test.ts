import { describe, expect, it } from 'vitest'
import { shownRange, type Range } from './goods-list.tsx'

const first: Range = { key: 'face', first: 1, last: 1 }

describe('shownRange', () => {
  it('keeps the range while the URL names its last page', () => {
    expect(shownRange(first, 'face', 1, undefined)).toBe(first)
  })

  it('appends the next page «Показать ещё» asked for, as often as a render runs again', () => {
    const once = shownRange(first, 'face', 2, 2)
    expect(once).toEqual({ key: 'face', first: 1, last: 2 })
    // A transition's render thrown away and run again sees the same request and decides the same.
    expect(shownRange(first, 'face', 2, 2)).toEqual(once)
    expect(shownRange(once, 'face', 3, 3)).toEqual({ key: 'face', first: 1, last: 3 })
  })

  it('shows a page alone when nothing asked for it: a page link, Back, a skipped page', () => {
    expect(shownRange(first, 'face', 2, undefined)).toEqual({ key: 'face', first: 2, last: 2 })
    expect(shownRange(first, 'face', 3, 3)).toEqual({ key: 'face', first: 3, last: 3 })
    expect(shownRange({ key: 'face', first: 1, last: 3 }, 'face', 2, undefined)).toEqual({
      key: 'face',
      first: 2,
      last: 2,
    })
  })

  it('starts again from the URL page for another filter or sort', () => {
    expect(shownRange({ key: 'face', first: 1, last: 2 }, 'face-cheap', 3, 3)).toEqual({
      key: 'face-cheap',
      first: 3,
      last: 3,
    })
  })
})
