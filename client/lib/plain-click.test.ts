import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followPlainClick, isPlainClick } from './plain-click.ts'

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

describe('followPlainClick', () => {
  let frames: Array<() => void>
  // wouter's navigate is `history.pushState(null, '', to)`: the history the test gives the module.
  let navigate: ReturnType<typeof vi.fn>
  beforeEach(() => {
    frames = []
    navigate = vi.fn()
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
    vi.stubGlobal('history', { pushState: navigate })
  })
  afterEach(() => vi.unstubAllGlobals())

  const event = (fields: Partial<typeof click & { defaultPrevented: boolean }> = {}) => ({
    ...click,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    ...fields,
  })

  it('takes a plain click over and navigates in a task after the next frame, not in the tap or the frame', async () => {
    const tap = event()
    followPlainClick(tap, '/catalog/1-ukhod-za-litsom')
    expect(tap.preventDefault).toHaveBeenCalledTimes(1)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(navigate).not.toHaveBeenCalled()
    for (const frame of frames) frame()
    expect(navigate).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(null, '', '/catalog/1-ukhod-za-litsom'))
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['a click with a modifier (a new tab)', { ctrlKey: true }],
    ['a middle click', { button: 1 }],
    ['a click a handler already took', { defaultPrevented: true }],
  ])('leaves %s to the browser', (_, fields) => {
    const tap = event(fields)
    followPlainClick(tap, '/catalog')
    expect(tap.preventDefault).not.toHaveBeenCalled()
    expect(frames).toHaveLength(0)
  })
})
