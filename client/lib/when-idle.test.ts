import { afterEach, describe, expect, it, vi } from 'vitest'
import { idleTask, whenIdle } from './when-idle.ts'

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
