/**
 * Tracing of the storefront: W3C trace context always (an incoming `traceparent` honoured or a trace
 * started, its ids in every log line of the request and on every gateway call), and spans exported over
 * OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Without it nothing of the OpenTelemetry SDK is
 * loaded: the calls below are the few lines of `noTracing`, and otel.ts is imported only when enabled.
 */
import {
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  parseTracestate,
  type RequestTrace,
} from './context.ts'

export type { RequestTrace } from './context.ts'
export type Attributes = Record<string, string | number | boolean>

/** A span around an outgoing call: the `traceparent` to send, and its end. */
export interface ClientSpan {
  readonly traceparent: string
  end(attributes?: Attributes, error?: string): void
}

export interface Tracing {
  /** Whether spans are recorded and exported. */
  readonly enabled: boolean
  /**
   * The trace of an incoming request (its `traceparent` header, if any, and with it its `tracestate`);
   * called once per request.
   */
  startRequest(traceparent: unknown, method: string, tracestate?: unknown): RequestTrace
  /** Ends the request's span (a no-op without tracing). */
  endRequest(trace: RequestTrace, name: string, attributes: Attributes, error?: string): void
  /** A child span of the request around an outgoing call. */
  startClient(parent: RequestTrace | undefined, name: string, attributes: Attributes): ClientSpan
  /** A child span of the request that already happened (a render, a Redis command). Times in epoch ms. */
  record(
    parent: RequestTrace | undefined,
    name: string,
    startMs: number,
    endMs: number,
    attributes: Attributes,
    error?: string,
  ): void
  /** The trace of the request whose code is running (only while tracing is on). */
  current(): RequestTrace | undefined
  /** Runs `fn` as part of the request's trace (only while tracing is on). */
  run(trace: RequestTrace, fn: () => void): void
  /** Sends what is left and stops. */
  shutdown(): Promise<void>
}

/** Trace context only: ids for logs and gateway calls, no spans. */
export const noTracing: Tracing = {
  enabled: false,
  startRequest(traceparent, _method, tracestate) {
    const parent = parseTraceparent(traceparent)
    // Nothing is recorded here, so a trace started here is not sampled; an incoming flag is passed on.
    const context = { traceId: parent?.traceId ?? newTraceId(), spanId: newSpanId(), sampled: parent?.sampled ?? false }
    // tracestate belongs to the caller's traceparent: without a valid one it is dropped.
    const state = parent ? parseTracestate(tracestate) : undefined
    return { ...context, traceparent: formatTraceparent(context), ...(state ? { tracestate: state } : {}) }
  },
  endRequest() {},
  startClient: (parent) => ({ traceparent: parent?.traceparent ?? '', end() {} }),
  record() {},
  current: () => undefined,
  run: (_trace, fn) => fn(),
  shutdown: async () => undefined,
}

export interface TracingSettings {
  /** OTLP/HTTP base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`); traces go to `{endpoint}/v1/traces`. */
  endpoint: string
  serviceName: string
  serviceVersion: string
  /**
   * Further resource attributes (`OTEL_RESOURCE_ATTRIBUTES`: the pod's identity from the Downward API in
   * deploy/deployment.yaml); `service.name` and `service.version` above win over theirs.
   */
  resourceAttributes?: Readonly<Record<string, string>>
}

/** The tracing of an app: `noTracing` without an endpoint; the OpenTelemetry SDK, loaded now, with one. */
export async function createTracing(settings: TracingSettings | undefined): Promise<Tracing> {
  if (!settings) return noTracing
  const { createOtelTracing } = await import('./otel.ts')
  return createOtelTracing(settings)
}
