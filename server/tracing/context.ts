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
