/**
 * `useAction(fn)`: runs one asynchronous action at a time with its pending and error state. A second
 * call while one is in flight is ignored (the in-flight lock behind every double-submit guard).
 * `useLatestAction(fn)` instead saves a choice made meanwhile once the flight lands.
 */
import { useCallback, useRef, useState } from 'react'

/** State and trigger of an action. */
export interface Action<TArgs extends unknown[], T> {
  /** Runs the action; resolves its result, or undefined when it failed or another run was in flight. */
  run: (...args: TArgs) => Promise<T | undefined>
  pending: boolean
  /** The last failure, cleared by the next run or `reset`. */
  error: unknown
  reset: () => void
}

/** Wraps an async function with a lock, a pending flag and the last error (never throws). */
export function useAction<TArgs extends unknown[], T>(fn: (...args: TArgs) => Promise<T>): Action<TArgs, T> {
  const lock = useRef(false)
  const fnRef = useRef(fn)
  fnRef.current = fn
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const run = useCallback(async (...args: TArgs): Promise<T | undefined> => {
    if (lock.current) return undefined
    lock.current = true
    setPending(true)
    setError(undefined)
    try {
      return await fnRef.current(...args)
    } catch (failure) {
      setError(failure)
      return undefined
    } finally {
      lock.current = false
      setPending(false)
    }
  }, [])
  const reset = useCallback(() => setError(undefined), [])
  return { run, pending, error, reset }
}

/** Runs tasks one after another, where only the latest of those waiting runs. */
export interface LatestQueue {
  /**
   * Runs `task` once the runs before it have landed; resolves undefined without running it when a newer
   * run came meanwhile. `isLatest` tells the task, when it ends, whether a newer run is waiting.
   */
  run: <T>(task: (isLatest: () => boolean) => Promise<T>) => Promise<T | undefined>
}

/**
 * A queue in which a newer run replaces one still waiting: a run on an idle queue starts at once, and
 * the one in flight always lands.
 */
export function latestQueue(): LatestQueue {
  /** Settles when the last run queued has landed or been skipped; undefined when idle. */
  let tail: Promise<void> | undefined
  let latest = 0
  return {
    run<T>(task: (isLatest: () => boolean) => Promise<T>): Promise<T | undefined> {
      const ticket = ++latest
      const isLatest = () => ticket === latest
      const result = tail ? tail.then(() => (isLatest() ? task(isLatest) : undefined)) : task(isLatest)
      const settled = result.then(
        () => undefined,
        () => undefined,
      )
      tail = settled
      void settled.then(() => {
        if (tail === settled) tail = undefined
      })
      return result
    },
  }
}

/**
 * `useLatestAction(fn)`: `useAction` for a choice saved as it is made (the delivery type, the payment
 * method). A run while another is in flight is not dropped, as the lock would: it waits for that one to
 * land, and of the runs waiting only the latest goes, so what is saved last is what the shopper chose
 * last. Pending until the latest run has landed; the error is the latest run's.
 */
export function useLatestAction<TArgs extends unknown[], T>(fn: (...args: TArgs) => Promise<T>): Action<TArgs, T> {
  const fnRef = useRef(fn)
  fnRef.current = fn
  const queue = useRef<LatestQueue>(undefined)
  queue.current ??= latestQueue()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const run = useCallback(async (...args: TArgs): Promise<T | undefined> => {
    setPending(true)
    setError(undefined)
    // Whether this run was the latest when it landed; a run skipped or overtaken leaves the state to the newer one.
    let last = false
    try {
      return await queue.current!.run(async (isLatest) => {
        try {
          return await fnRef.current(...args)
        } finally {
          last = isLatest()
        }
      })
    } catch (failure) {
      if (last) setError(failure)
      return undefined
    } finally {
      if (last) setPending(false)
    }
  }, [])
  const reset = useCallback(() => setError(undefined), [])
  return { run, pending, error, reset }
}
