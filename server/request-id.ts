/**
 * The request id of an incoming request. A client's id is taken only when it is a UUID or the trace
 * id of a W3C `traceparent` (32 hex digits), from `X-Request-Id` or else from `traceparent` itself, so
 * a load balancer's tracing joins our logs; anything else (a phone number, a token, free text) is
 * replaced by a fresh UUID. Ids are kept in lower case, as both formats print them.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A trace id: 32 hex digits, not all zeros (W3C Trace Context, section 3.2.2.3). */
const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/i
/** `version-traceid-parentid-flags`; version ff is invalid, and a parent id of zeros too. */
const TRACEPARENT = /^(?!ff)[0-9a-f]{2}-((?!0{32})[0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}(?:-.*)?$/i

/** A client's `X-Request-Id` when it is a UUID or a trace id, lower-cased; undefined otherwise. */
export function acceptedRequestId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const id = value.trim()
  return UUID.test(id) || TRACE_ID.test(id) ? id.toLowerCase() : undefined
}

/** The trace id of a valid `traceparent` header, lower-cased; undefined otherwise. */
export function traceIdOf(traceparent: unknown): string | undefined {
  if (typeof traceparent !== 'string') return undefined
  const match = TRACEPARENT.exec(traceparent.trim())
  return match ? match[1]!.toLowerCase() : undefined
}

/** The request id: the client's when it is acceptable (X-Request-Id first, then traceparent), else a new UUID. */
export const requestIdOf = (headers: IncomingHttpHeaders): string =>
  acceptedRequestId(headers['x-request-id']) ?? traceIdOf(headers.traceparent) ?? randomUUID()
