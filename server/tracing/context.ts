/**
 * W3C trace context (https://www.w3.org/TR/trace-context/): the `traceparent` header read and written,
 * and trace and span ids made without any SDK, so a request has a trace id (in its logs, on its gateway
 * calls) whether or not spans are exported.
 */
import { randomBytes } from 'node:crypto'

/** A span's place in a trace: 32 and 16 lowercase hex digits, and whether the trace is sampled. */
export interface TraceContext {
  traceId: string
  spanId: string
  sampled: boolean
}

/** The trace of one incoming request: its own span's context and the header naming it as a parent. */
export interface RequestTrace extends TraceContext {
  /** `traceparent` with this request's span as the parent: what its gateway calls carry. */
  traceparent: string
  /** The caller's `tracestate`, passed on unchanged with `traceparent` (W3C Trace Context section 3.3). */
  tracestate?: string
  /** The exporter's span of the request, when tracing is on. */
  span?: unknown
}

// Upper case is accepted (and lowered) as request-id.ts accepts it, so the request id and the trace agree.
const TRACEPARENT = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/i
const ZEROS = /^0+$/

/** The parent named by a `traceparent` header, or undefined when there is none or it is malformed. */
export function parseTraceparent(value: unknown): TraceContext | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined
  const match = TRACEPARENT.exec(value.trim().toLowerCase())
  if (!match) return undefined
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ]
  // Version ff is invalid; version 00 has exactly four fields; later versions may add fields.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined
  if (ZEROS.test(traceId) || ZEROS.test(spanId)) return undefined
  return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 }
}

/** One list member of `tracestate`: `key=value`, the key a simple or a multi-tenant one. */
const TRACESTATE_MEMBER =
  /^(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/

/**
 * The `tracestate` to pass on: the header's list members (several headers are one list), or undefined
 * when it is absent, longer than 512 characters, holds more than 32 members, or has a malformed one (the
 * W3C rule: a vendor's entry is opaque, but a list that does not parse is dropped whole).
 */
export function parseTracestate(value: unknown): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value
  if (typeof text !== 'string' || text.length > 512) return undefined
  const members = text
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean)
  if (members.length === 0 || members.length > 32) return undefined
  return members.every((member) => TRACESTATE_MEMBER.test(member)) ? members.join(',') : undefined
}

/** A `traceparent` header naming a span as the parent. */
export const formatTraceparent = (context: TraceContext): string =>
  `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`

// Random ids from a pooled buffer: one crypto call per 256 requests, not two per request.
let pool = Buffer.alloc(0)
let offset = 0
function randomHex(bytes: number): string {
  for (;;) {
    if (offset + bytes > pool.length) {
      pool = randomBytes(6144)
      offset = 0
    }
    const hex = pool.toString('hex', offset, offset + bytes)
    offset += bytes
    if (!ZEROS.test(hex)) return hex
  }
}

export const newTraceId = (): string => randomHex(16)
export const newSpanId = (): string => randomHex(8)
