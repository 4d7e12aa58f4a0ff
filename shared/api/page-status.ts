/** The status of a page that could not be shown, the same on the server and in the browser. */
import type { AppError } from './errors.ts'

/** Whether a status gets the not-found view (404 and 422: spec section 2) rather than the outage view. */
export const isNotFoundStatus = (status: number): boolean => status === 404 || status === 422

/**
 * The page status for a failed essential query (server render and client navigation alike):
 * 404 and 422 keep theirs (not-found view); a timeout is 504; any other failure is an outage, at
 * least 502, because the failure was upstream of the page.
 */
export function pageStatusFor(error: AppError): number {
  if (isNotFoundStatus(error.status)) return error.status
  if (error.code === 'timeout') return 504
  if (error.status > 500 && error.status <= 599) return error.status
  return 502
}
