/**
 * Spans with the OpenTelemetry SDK, exported over OTLP/HTTP (JSON) in batches. Imported only when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (tracing.ts), and its packages only when called, so a store
 * without tracing never loads them.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Span } from '@opentelemetry/api'
import { hostname } from 'node:os'
import { formatTraceparent, parseTraceparent, parseTracestate, type RequestTrace } from './context.ts'
import type { Attributes, Tracing, TracingSettings } from './tracing.ts'

/** How long an export may take before it is dropped. */
const EXPORT_TIMEOUT_MS = 5_000

/**
 * The resource of every span: `OTEL_RESOURCE_ATTRIBUTES` (the pod's identity), then the service's name
 * and version, and an instance id (the pod's name, else the host's) so replicas are told apart.
 */
export function resourceAttributes(settings: TracingSettings): Record<string, string> {
  const extra = settings.resourceAttributes ?? {}
  return {
    ...extra,
    'service.name': settings.serviceName,
    'service.version': settings.serviceVersion,
    'service.instance.id': extra['service.instance.id'] ?? extra['k8s.pod.name'] ?? hostname(),
  }
}

export async function createOtelTracing(settings: TracingSettings): Promise<Tracing> {
  const [api, { BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ])
  const exporter = new OTLPTraceExporter({
    url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces`,
    timeoutMillis: EXPORT_TIMEOUT_MS,
  })
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(resourceAttributes(settings)),
    spanProcessors: [
      new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000, exportTimeoutMillis: EXPORT_TIMEOUT_MS }),
    ],
  })
  const tracer = provider.getTracer('aurora-storefront')
  const requests = new AsyncLocalStorage<RequestTrace>()
  const { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace } = api

  const parentContext = (parent: RequestTrace) => trace.setSpan(ROOT_CONTEXT, parent.span as Span)
  const fail = (span: Span, error: string | undefined) => {
    if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error })
  }
  const contextOf = (span: Span) => {
    const context = span.spanContext()
    return {
      traceId: context.traceId,
      spanId: context.spanId,
      sampled: (context.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED,
    }
  }

  return {
    enabled: true,
    startRequest(traceparent, method, tracestate) {
      const incoming = parseTraceparent(traceparent)
      const state = incoming ? parseTracestate(tracestate) : undefined
      const context = incoming
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: incoming.traceId,
            spanId: incoming.spanId,
            traceFlags: incoming.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
            isRemote: true,
            ...(state ? { traceState: api.createTraceState(state) } : {}),
          })
        : ROOT_CONTEXT
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
        context,
      )
      const own = contextOf(span)
      return { ...own, traceparent: formatTraceparent(own), ...(state ? { tracestate: state } : {}), span }
    },
    endRequest(request, name, attributes, error) {
      const span = request.span as Span | undefined
      if (!span || !span.isRecording()) return
      span.updateName(name)
      span.setAttributes(attributes)
      fail(span, error)
      span.end()
    },
    startClient(parent, name, attributes) {
      if (!parent?.span) return { traceparent: parent?.traceparent ?? '', end() {} }
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parentContext(parent))
      return {
        traceparent: formatTraceparent(contextOf(span)),
        end(more?: Attributes, error?: string) {
          if (more) span.setAttributes(more)
          fail(span, error)
          span.end()
        },
      }
    },
    record(parent, name, startMs, endMs, attributes, error) {
      if (!parent?.span) return
      const span = tracer.startSpan(
        name,
        { kind: SpanKind.INTERNAL, attributes, startTime: startMs },
        parentContext(parent),
      )
      fail(span, error)
      span.end(endMs)
    },
    current: () => requests.getStore(),
    run: (request, fn) => requests.run(request, fn),
    shutdown: () => provider.shutdown(),
  }
}
