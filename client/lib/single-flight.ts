/**
 * One fetch per data key at a time in the browser. A route's data can be asked for by the prefetch of
 * a link (preload-queue.ts), by the navigation that follows it (navigate.ts) and by the view's SWR hook
 * that mounts while the navigation still waits (views/registry.ts); SWR's own deduplication covers only
 * its hooks. Whoever asks while a fetch of the key is in flight shares it, and a navigation right after
 * a failed fetch of the key takes that failure instead of asking the failing backend again, so a
 * failed navigation fetches its data once (the API client's one retry of a GET included) and shows
 * one error view.
 */

/** How long a failure is given to a navigation asking for the same key (a prefetch failed just before the click). */
export const FAILURE_KEPT_MS = 5_000

/** An aborted fetch: the API client's `aborted` error or a DOM AbortError. */
const isAbort = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 'aborted')

const inflight = new Map<string, Promise<unknown>>()
const failures = new Map<string, { error: unknown; until: number }>()

/**
 * The data of `key`: the fetch in flight for it, else (with `reuseFailure`) the failure of a fetch that
 * failed within `FAILURE_KEPT_MS`, else a new fetch.
 */
export function fetchOnce<T>(
  key: string,
  fetch: () => Promise<T>,
  options: { reuseFailure?: boolean } = {},
): Promise<T> {
  const running = inflight.get(key)
  if (running) return running as Promise<T>
  const failed = failures.get(key)
  if (failed && failed.until > Date.now()) {
    if (options.reuseFailure) return Promise.reject(failed.error)
  } else if (failed) {
    failures.delete(key)
  }
  const promise = fetch().then(
    (data) => {
      inflight.delete(key)
      failures.delete(key)
      return data
    },
    (error: unknown) => {
      inflight.delete(key)
      // A fetch its asker abandoned (a view that unmounted) says nothing about the backend.
      if (!isAbort(error)) failures.set(key, { error, until: Date.now() + FAILURE_KEPT_MS })
      throw error
    },
  )
  inflight.set(key, promise)
  return promise
}

/** Forgets fetches in flight and kept failures (tests). */
export function resetSingleFlight(): void {
  inflight.clear()
  failures.clear()
}
