import { describe, expect, it } from 'vitest'
import { isPlainClick } from './plain-click.ts'

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false }

describe('isPlainClick', () => {
  it('takes a primary click with no modifier', () => {
    expect(isPlainClick(click)).toBe(true)
  })

  it.each(['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)('leaves a click with %s to the browser', (key) => {
    expect(isPlainClick({ ...click, [key]: true })).toBe(false)
  })

  it('leaves a middle or right click to the browser', () => {
    expect(isPlainClick({ ...click, button: 1 })).toBe(false)
    expect(isPlainClick({ ...click, button: 2 })).toBe(false)
  })
})
