import { describe, expect, it } from 'vitest'
import { chooseToastPosition, toastSpan } from './toast-placement.ts'

const base = { height: 64, offset: 20, viewportHeight: 800 }

describe('toast placement', () => {
  it('takes the span of its edge', () => {
    expect(toastSpan('top', 64, 20, 800)).toEqual({ top: 20, bottom: 84 })
    expect(toastSpan('bottom', 64, 20, 800)).toEqual({ top: 716, bottom: 780 })
  })

  it('keeps the requested edge when nothing is covered there', () => {
    expect(chooseToastPosition({ ...base, requested: 'bottom', avoid: [] })).toBe('bottom')
    expect(chooseToastPosition({ ...base, requested: 'bottom', avoid: [{ top: 200, bottom: 500 }] })).toBe('bottom')
  })

  it('moves to the other edge when the requested one would hide something (the buy box at the bottom)', () => {
    expect(chooseToastPosition({ ...base, requested: 'bottom', avoid: [{ top: 600, bottom: 760 }] })).toBe('top')
    expect(chooseToastPosition({ ...base, requested: 'top', avoid: [{ top: 0, bottom: 90 }] })).toBe('bottom')
  })

  it('gives up when both edges are taken (a bottom sheet of full height): the caller makes room', () => {
    expect(chooseToastPosition({ ...base, requested: 'bottom', avoid: [{ top: 24, bottom: 800 }] })).toBeUndefined()
  })

  it('counts a touching edge as free', () => {
    expect(chooseToastPosition({ ...base, requested: 'bottom', avoid: [{ top: 0, bottom: 716 }] })).toBe('bottom')
  })
})
