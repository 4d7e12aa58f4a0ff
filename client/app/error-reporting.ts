/**
 * Browser errors reach the error-reporting service (spec section 8: errors other than 404 are
 * reported; the server attaches the user's id and e-mail). Uncaught errors and unhandled rejections
 * are sent to our report route, at most a few per page, and never throw themselves.
 */
import { ERROR_REPORT_PATH } from '#shared/auth/paths.ts'

/** Reports sent per page view at most (a failing loop must not flood the service). */
export const MAX_REPORTS_PER_PAGE = 5

let sent = 0
/** What was reported already on this page (status, message and URL): the same error is reported once. */
const reported = new Set<string>()

/** Sends one report; a no-op past the per-page limit, for 404s and for an error already reported on this page. */
export function reportError(report: {
  message: string
  stack?: string | undefined
  status?: number | undefined
}): void {
  if (report.status === 404 || sent >= MAX_REPORTS_PER_PAGE) return
  const url = (location.pathname + location.search).slice(0, 2000)
  // One failed navigation can surface its error more than once (the navigation's outcome, a view's
  // hook, an unhandled rejection of the same fetch): it is one error.
  const identity = `${report.status ?? ''}\u0000${report.message}\u0000${url}`
  if (reported.has(identity)) return
  reported.add(identity)
  sent++
  // JSON leaves out the fields that are undefined (no stack, no status).
  const body = JSON.stringify({
    message: report.message.slice(0, 2000),
    stack: report.stack?.slice(0, 8000),
    url,
    status: report.status || undefined,
  })
  fetch(ERROR_REPORT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    // fetch's own default sends the session's cookies to our origin (credentials `same-origin`).
    keepalive: true,
  }).catch(() => undefined)
}

/** Listens for uncaught errors and unhandled rejections. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    const error = event.error as Error | undefined
    reportError({ message: error?.message ?? event.message ?? 'error', stack: error?.stack })
  })
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as Error | undefined
    reportError({ message: reason?.message ?? String(event.reason), stack: reason?.stack })
  })
}
