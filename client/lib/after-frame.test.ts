import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFrame } from './after-frame.ts'

describe('afterFrame', () => {
  let frames: Array<() => void>
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  })
  afterEach(() => vi.unstubAllGlobals())

  it('runs neither in the calling task nor in the frame, but in a task after the frame', async () => {
    const run = vi.fn()
    afterFrame(run)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(run).not.toHaveBeenCalled()
    expect(frames).toHaveLength(1)
    frames[0]!()
    expect(run).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1))
  })
})
