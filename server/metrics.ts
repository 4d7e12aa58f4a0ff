/** Prometheus metrics: request durations by route name, SSR render time, upstream calls, Node defaults. */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** The registry and the instruments the server records into. */
export interface Metrics {
  readonly registry: Registry
  readonly httpDuration: Histogram<'route' | 'method' | 'status'>
  readonly renderDuration: Histogram<'route' | 'status'>
  /** Renders the string renderer gave up on (the tree suspended or failed), streamed instead (decision 012). */
  readonly streamedRenders: Counter<'route'>
  /** Renders whose data is in, waiting for their turn of the event loop. */
  readonly renderQueue: Gauge
  readonly upstreamDuration: Histogram<'endpoint' | 'status'>
  /** Query store lookups (decision 025): hit, stale, miss (a fetch started), joined (a fetch in flight), stale-error. */
  readonly queryStoreEvents: Counter<'event'>
  /** Query store entries pushed out to stay within its bound. */
  readonly queryStoreEvictions: Counter
  /** Query store size: estimated bytes and entries. */
  readonly queryStoreBytes: Gauge
  readonly queryStoreEntries: Gauge
  readonly pageCacheEvents: Counter<'event'>
  /** Kept fragments looked up (cards, tiles, footer, home blocks): `hit` (HTML set as kept) or `miss` (rendered, then kept). */
  readonly fragmentLookups: Counter<'result'>
  readonly analyticsEvents: Counter<'accepted'>
  /** 1 while a gateway answers, 0 while it does not (readiness no longer follows it). */
  readonly gatewayUp: Gauge<'gateway'>
  /** Redis calls that failed or timed out, by what degraded: `otp_limit` (refused), `refresh` (went in process). */
  readonly redisFallbacks: Counter<'what'>
  /** Error reports by source, route, code and outcome: `reported` (sent or logged) or `suppressed` (over the per-minute cap). */
  readonly errorReports: Counter<'source' | 'route' | 'code' | 'outcome'>
  /** CSP violation reports by directive and outcome: `blocked`, `reported` (report-only), `invalid`, `rate_limited`. */
  readonly cspReports: Counter<'directive' | 'outcome'>
  /** Field Web Vitals in seconds (LCP, FCP, TTFB, INP) by route kind, metric and connection (decision 032). */
  readonly webVitals: Histogram<'route_kind' | 'metric' | 'connection'>
  /** Field Cumulative Layout Shift by route kind, metric (`CLS`) and connection. */
  readonly webVitalsCls: Histogram<'route_kind' | 'metric' | 'connection'>
  /** Vitals batches by outcome (`accepted`, `invalid`, `rate_limited`) and device class. */
  readonly webVitalsBatches: Counter<'outcome' | 'device'>
}

/** Creates a fresh registry (one per app, so tests never share counters). */
export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry()
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry })
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route name (never the raw path), method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    renderDuration: new Histogram({
      name: 'ssr_render_duration_seconds',
      help: 'Server render time from data ready to the last byte, by route name',
      labelNames: ['route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    streamedRenders: new Counter({
      name: 'ssr_streamed_renders_total',
      help: 'Page renders streamed because part of the tree suspended or failed in the string renderer, by route name',
      labelNames: ['route'],
      registers: [registry],
    }),
    renderQueue: new Gauge({
      name: 'ssr_render_queue',
      help: 'Page renders whose data is loaded, waiting for their turn of the event loop (renders run back to back for at most a short slice per loop iteration)',
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'upstream_request_duration_seconds',
      help: 'Gateway call duration by endpoint name and status (error for network failures)',
      labelNames: ['endpoint', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    queryStoreEvents: new Counter({
      name: 'query_store_events_total',
      help: 'Query store lookups: hit, stale (served, refreshed in the background), miss (fetch started), joined (fetch in flight), stale-error',
      labelNames: ['event'],
      registers: [registry],
    }),
    queryStoreEvictions: new Counter({
      name: 'query_store_evictions_total',
      help: 'Query store entries pushed out (least recently used) to stay within QUERY_STORE_MAX_MB',
      registers: [registry],
    }),
    queryStoreBytes: new Gauge({
      name: 'query_store_bytes',
      help: 'Query store size in bytes (estimated from the packed text of its entries)',
      registers: [registry],
    }),
    queryStoreEntries: new Gauge({
      name: 'query_store_entries',
      help: 'Query store entries',
      registers: [registry],
    }),
    pageCacheEvents: new Counter({
      name: 'page_cache_events_total',
      help: 'Rendered-page cache of anonymous pages: hit, stale (served while one request re-renders), miss, store',
      labelNames: ['event'],
      registers: [registry],
    }),
    fragmentLookups: new Counter({
      name: 'ssr_fragment_lookups_total',
      help: 'Product cards, promo tiles, footers and home blocks looked up in the kept fragments: hit (their HTML rendered before for the same shared data) or miss',
      labelNames: ['result'],
      registers: [registry],
    }),
    analyticsEvents: new Counter({
      name: 'analytics_events_total',
      help: 'Analytics goal events received from browsers',
      labelNames: ['accepted'],
      registers: [registry],
    }),
    gatewayUp: new Gauge({
      name: 'gateway_up',
      help: 'Whether the gateway answers (1) or not (0), from the readiness probe',
      labelNames: ['gateway'],
      registers: [registry],
    }),
    redisFallbacks: new Counter({
      name: 'redis_fallbacks_total',
      help: 'Redis failures the server degraded around: otp_limit (send refused), refresh (in-process coordination), revoked_tokens (checked in process only)',
      labelNames: ['what'],
      registers: [registry],
    }),
    errorReports: new Counter({
      name: 'error_reports_total',
      help: 'Error reports by source (server, browser), route name, code (error code or status) and outcome: reported, or suppressed past one per source, route and code a minute',
      labelNames: ['source', 'route', 'code', 'outcome'],
      registers: [registry],
    }),
    cspReports: new Counter({
      name: 'csp_reports_total',
      help: 'CSP violation reports by directive (other for an unknown one, unknown when unread) and outcome: blocked, reported (report-only), invalid, rate_limited',
      labelNames: ['directive', 'outcome'],
      registers: [registry],
    }),
    webVitals: new Histogram({
      name: 'web_vitals_seconds',
      help: "Shoppers' browsers' Web Vitals (LCP, FCP, TTFB, INP) in seconds, sampled, by route kind, metric and connection class (effective type)",
      labelNames: ['route_kind', 'metric', 'connection'],
      // 0.2 (INP's good), 1.8 (FCP's), 0.8 (TTFB's), 2.5 and 4 (LCP's good and poor) are bounds, so p75 against them is exact.
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10],
      registers: [registry],
    }),
    webVitalsCls: new Histogram({
      name: 'web_vitals_cls',
      help: "Shoppers' browsers' Cumulative Layout Shift, sampled, by route kind, metric and connection class",
      labelNames: ['route_kind', 'metric', 'connection'],
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
    webVitalsBatches: new Counter({
      name: 'web_vitals_batches_total',
      help: 'Web Vitals batches from browsers by outcome (accepted, invalid, rate_limited) and device class (low, mid, high, unknown)',
      labelNames: ['outcome', 'device'],
      registers: [registry],
    }),
  }
}
