import type { HttpMethod } from './endpoint.ts'

/** Statuses the generic retry policy repeats (spec section 7). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])

/** How many times a failed call may be repeated: once for GET, never for other methods (spec section 7). */
export const retryBudget = (method: HttpMethod): number => (method === 'GET' ? 1 : 0)

/** Whether an answer with this status is retried for this method, given the attempts made so far. */
export function shouldRetryStatus(method: HttpMethod, status: number, retriesDone: number): boolean {
  return retriesDone < retryBudget(method) && RETRY_STATUSES.has(status)
}

/** Statuses 400 to 599 count as errors (spec section 7). */
export const isErrorStatus = (status: number): boolean => status >= 400 && status <= 599
