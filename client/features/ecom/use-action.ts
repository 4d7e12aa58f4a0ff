/**
 * `useAction(fn)`: runs one asynchronous action at a time with its pending and error state. A second
 * call while one is in flight is ignored (the in-flight lock behind every double-submit guard).
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
