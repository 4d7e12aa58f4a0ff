import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterNextFrame } from './after-next-frame.ts'

describe('afterNextFrame', () => {
  let frames: Array<() => void>
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('runs in a task after the next frame, not in the frame itself', async () => {
    const run = vi.fn()
    afterNextFrame(run)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(run).not.toHaveBeenCalled()
    for (const frame of frames) frame()
    expect(run).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1))
  })

  it('runs after the fallback delay when no frame comes (a hidden page), and only once', async () => {
    vi.useFakeTimers()
    const run = vi.fn()
    afterNextFrame(run, 100)
    vi.advanceTimersByTime(99)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
    for (const frame of frames) frame()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('does not run once cancelled', async () => {
    const run = vi.fn()
    const cancel = afterNextFrame(run, 20)
    cancel()
    for (const frame of frames) frame()
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(run).not.toHaveBeenCalled()
  })
})
