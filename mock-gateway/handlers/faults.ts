/**
 * The first handler of every mock: applies the fault switched on for the request's path. Status and
 * invalid JSON become answers; a delay waits and then lets the real handler answer; reset and hang are
 * done for real by the standalone server (in-process, reset is a network error and hang waits for the
 * client to abort).
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import type { Fault } from '../faults.ts'
import { BROWSER_SERVICE_PATH, withCors } from '../http/cors.ts'
import { gatewayError } from '../http/gateway-error.ts'
import type { MockState } from '../state.ts'

/** Resolves after `ms`, or rejects when the request is aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The answer a fault gives (after its delay), or undefined to let the real handler answer. */
export async function applyFault(fault: Fault, signal: AbortSignal): Promise<Response | undefined> {
  if (fault.delayMs) await sleep(fault.delayMs, signal)
  if (fault.mode === 'reset') return HttpResponse.error()
  if (fault.mode === 'hang') {
    await new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    )
  }
  if (fault.mode === 'invalid-json') {
    return new HttpResponse('{"items": [{"id": 1, "name": "обрыв', {
      status: fault.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  if (fault.status) return gatewayError(fault.status, 'mockFault', `Сбой, включённый переключателем для ${fault.path}`)
  return undefined
}

/** The fault handler; it must come first. */
export function faultHandlers(state: MockState): HttpHandler[] {
  return [
    http.all('*', async ({ request }) => {
      const { pathname } = new URL(request.url)
      // A browser service's CORS preflight is never faulted: the switch is about its answer, which the page must read.
      if (request.method === 'OPTIONS' && BROWSER_SERVICE_PATH.test(pathname)) return undefined
      const fault = state.faults.match(pathname)
      if (!fault) return undefined
      const answer = await applyFault(fault, request.signal)
      // The browser must be able to read a faulted answer of a service it calls directly.
      return answer && answer.type !== 'error' && BROWSER_SERVICE_PATH.test(pathname) ? withCors(state, answer) : answer
    }),
  ]
}
