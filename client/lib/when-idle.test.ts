import { afterEach, describe, expect, it, vi } from 'vitest'
import { idleTask, whenIdle, whenIdleAfter } from './when-idle.ts'

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('runs in an idle callback with the timeout given, and cancels it', () => {
    const callbacks = new Map<number, () => void>()
    const options: unknown[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void, option: unknown) => {
      callbacks.set(callbacks.size + 1, callback)
      options.push(option)
      return callbacks.size
    })
    vi.stubGlobal('cancelIdleCallback', (id: number) => callbacks.delete(id))
    const run = vi.fn()
    whenIdle(run, 300)
    const cancel = whenIdle(run)
    expect(run).not.toHaveBeenCalled()
    expect(options).toEqual([{ timeout: 300 }, { timeout: 1_000 }])
    cancel()
    for (const callback of callbacks.values()) callback()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('falls back to a timer without requestIdleCallback', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const run = vi.fn()
    whenIdle(run)
    const cancelled = vi.fn()
    whenIdle(cancelled)()
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
    expect(run).toHaveBeenCalledTimes(1)
    expect(cancelled).not.toHaveBeenCalled()
  })

  it('idleTask resolves in the idle callback, at the latest after its timeout', async () => {
    const callbacks: { run: () => void; options: unknown }[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: unknown) => callbacks.push({ run, options }))
    let resolved = false
    const task = idleTask(700).then(() => (resolved = true))
    await Promise.resolve()
    expect(resolved).toBe(false)
    expect(callbacks.map((callback) => callback.options)).toEqual([{ timeout: 700 }])
    callbacks[0]!.run()
    await task
    expect(resolved).toBe(true)
  })
})

describe('whenIdleAfter', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('asks for idle time once the delay has passed, and cancels whichever wait is on', () => {
    vi.useFakeTimers()
    const idle: { run: () => void; options: unknown }[] = []
    const cancelled: number[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: unknown) => idle.push({ run, options }))
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id))
    const run = vi.fn()
    const cancelIdle = whenIdleAfter(1_000, run, 5_000)
    const beforeDelay = vi.fn()
    const cancelTimer = whenIdleAfter(1_000, beforeDelay)
    vi.advanceTimersByTime(999)
    cancelTimer()
    expect(idle).toEqual([])
    vi.advanceTimersByTime(1)
    expect(idle.map((call) => call.options)).toEqual([{ timeout: 5_000 }])
    expect(run).not.toHaveBeenCalled()
    cancelIdle()
    expect(cancelled).toEqual([1])
    idle[0]!.run()
    expect(run).toHaveBeenCalledTimes(1)
    expect(beforeDelay).not.toHaveBeenCalled()
  })
})
