import type { Gateway } from './endpoint.ts'

/** Header names of spec sections 7 and 9, spelled once. */
export const HEADER = {
  contentType: 'content-type',
  requestId: 'x-request-id',
  sessionId: 'x-session-id',
  traceId: 'x-trace-id',
  /** W3C trace context: the caller's span, of the same trace as `x-trace-id`. */
  traceparent: 'traceparent',
  /** W3C trace context: the caller's vendor entries, passed on with `traceparent`. */
  tracestate: 'tracestate',
  deviceId: 'x-device-id',
  appVersion: 'x-app-version',
  platform: 'x-platform',
  platformVersion: 'x-platform-version',
  devicePlatform: 'x-device-platform',
  deviceTag: 'x-device-tag',
  clientName: 'x-client-name',
  authorization: 'authorization',
} as const

/** Sent instead of a device id when none is known yet, so the gateway omits the field (spec section 7). */
export const DEVICE_ID_OMIT_EMPTY = 'omit-empty'
/** The platform value of spec section 7. */
export const PLATFORM = 'Web'

/** The device id of spec section 3 as a header may carry it: uppercase hex (a SHA-256 of the fingerprint). */
const DEVICE_ID = /^[0-9A-F]{8,128}$/

/** A device id as stored (the `device_id` cookie): kept when it has the device id's shape, else undefined. */
export const validDeviceId = (value: string | undefined): string | undefined =>
  value && DEVICE_ID.test(value) ? value : undefined

/** What the caller knows about the current request; the optional fields may be absent. */
export interface HeaderContext {
  requestId: string
  sessionId?: string | undefined
  traceId?: string | undefined
  /** W3C `traceparent` naming the calling span (server only), sent alongside `x-trace-id`. */
  traceparent?: string | undefined
  /** W3C `tracestate` of the incoming request (server only), passed on unchanged with `traceparent`. */
  tracestate?: string | undefined
  /** Sent only once the browser has computed it (a valid device id); the omit-empty marker before. */
  deviceId?: string | undefined
  /** The client version: the running build id. */
  appVersion: string
  /** The web platform's release version (`PLATFORM_VERSION`, default package.json's `version`), not the build id. */
  platformVersion: string
  clientName: string
  /** `mobile` or `desktop`, derived from the user agent. */
  deviceTag?: string | undefined
}

/**
 * Builds the gateway headers of spec sections 7 and 9. The JSON content type is left out for form
 * data and bodiless calls; the client name goes to the web gateway only.
 */
export function buildHeaders(
  gateway: Gateway,
  context: HeaderContext,
  body: 'json' | 'form' | 'none',
): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.requestId]: context.requestId,
    [HEADER.traceId]: context.traceId ?? context.requestId,
    [HEADER.deviceId]: validDeviceId(context.deviceId) ?? DEVICE_ID_OMIT_EMPTY,
    [HEADER.appVersion]: context.appVersion,
    [HEADER.platform]: PLATFORM,
    [HEADER.platformVersion]: context.platformVersion,
    [HEADER.devicePlatform]: PLATFORM,
    [HEADER.deviceTag]: context.deviceTag ?? 'desktop',
  }
  if (body === 'json') headers[HEADER.contentType] = 'application/json'
  if (context.sessionId) headers[HEADER.sessionId] = context.sessionId
  if (context.traceparent) headers[HEADER.traceparent] = context.traceparent
  if (context.traceparent && context.tracestate) headers[HEADER.tracestate] = context.tracestate
  if (gateway === 'web') headers[HEADER.clientName] = context.clientName
  return headers
}

/** `mobile` for phone and tablet user agents, `desktop` otherwise. */
export const deviceTagFor = (userAgent: string | undefined): string =>
  userAgent && /Mobi|Android|iPhone|iPad/i.test(userAgent) ? 'mobile' : 'desktop'
