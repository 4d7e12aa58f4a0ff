/**
 * Runs `run` once the main thread is idle (at the latest after `timeoutMs`), so that work a page does
 * not need for its first frames (the first storage reads, `history.replaceState`, prefetching) stays
 * out of the tasks right after hydration. Where `requestIdleCallback` is missing, a timer stands in.
 * Returns a function that cancels the call if it has not run yet.
 */
export function whenIdle(run: () => void, timeoutMs = 1_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => run(), { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 50)
  return () => clearTimeout(id)
}

/** `whenIdle` once `delayMs` has passed. Returns a function that cancels whichever wait is on. */
export function whenIdleAfter(delayMs: number, run: () => void, timeoutMs?: number): () => void {
  let cancel = () => clearTimeout(timer)
  const timer = setTimeout(() => (cancel = whenIdle(run, timeoutMs)), delayMs)
  return () => cancel()
}

/** Resolves in the first idle time (at the latest after `timeoutMs`); `whenIdle` as a promise. */
export function idleTask(timeoutMs = 1_000): Promise<void> {
  return new Promise((resolve) => void whenIdle(resolve, timeoutMs))
}
