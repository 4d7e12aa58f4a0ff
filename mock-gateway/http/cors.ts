/**
 * CORS of the browser-facing services the mock emulates on its own origin (the captcha widget's
 * check and the device-fingerprint service): the storefront's pages call them straight from the
 * browser, as they would call SmartCaptcha and the fingerprint service.
 */
import { HttpResponse } from 'msw'
import type { MockState } from '../state.ts'

/** Paths of the browser-facing services; their answers, faults included, carry CORS headers. */
export const BROWSER_SERVICE_PATH = /^\/(captcha|kfp)\//

/** The response with CORS headers allowing the storefront's origin. */
export function withCors(state: MockState, response: Response): Response {
  response.headers.set('access-control-allow-origin', state.config.storefrontOrigin)
  response.headers.set('vary', 'origin')
  return response
}

/** The answer to a CORS preflight of a browser-facing service. */
export const corsPreflight = (state: MockState): Response =>
  withCors(
    state,
    new HttpResponse(null, {
      status: 204,
      headers: {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      },
    }),
  )
