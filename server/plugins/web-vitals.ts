/**
 * `POST /api/vitals`: field Web Vitals from shoppers' browsers (decision 032). The browser's lazily
 * loaded reporter (client/analytics/web-vitals.ts) sends, for a sampled share of page views, one small
 * batch with `navigator.sendBeacon` when the page is hidden: LCP, INP, CLS, FCP and TTFB, each with
 * the route it was measured on, and the connection's effective type and the device class of the visit.
 *
 * Nothing a browser writes becomes a label unless it is on a fixed list: the route's name is mapped to
 * a route kind (`ROUTE_KINDS`, anything else `other`), the connection to `CONNECTIONS`, the metric to
 * `METRICS`; the device class, also from a fixed list, is counted in a counter of its own. Values out
 * of a metric's plausible range are dropped. At most `VITALS_BODY_LIMIT` bytes, `VITALS_MAX_ITEMS`
 * values and `VITALS_PER_MINUTE` batches per client address a minute; the answer is 204 (browsers
 * ignore it), 400 for a body that is not a batch, 429 past the limit.
 */
import fp from 'fastify-plugin'
import { errorBody } from '#shared/api/errors.ts'
import { clientAddressKey } from '../session/client-address.ts'
import { createMemoryLimiter } from '../session/otp-limiter.ts'

/** Path of the endpoint (the browser's reporter posts here; same origin, so the CSP's `connect-src 'self'` allows it). */
export const VITALS_PATH = '/api/vitals'
/** Bytes of one batch at most. */
export const VITALS_BODY_LIMIT = 4 * 1024
/** Values in one batch at most (a page view reports each of the five metrics once, INP and CLS maybe twice). */
export const VITALS_MAX_ITEMS = 12
/** Batches taken per client address a minute. */
export const VITALS_PER_MINUTE = 20

/** The metrics, each with the largest value believed (ms; CLS unitless); larger values are dropped. */
export const METRICS: Readonly<Record<string, number>> = {
  LCP: 120_000,
  FCP: 120_000,
  TTFB: 120_000,
  INP: 60_000,
  CLS: 50,
}
/** `navigator.connection.effectiveType`, or `unknown` where the browser has none. */
export const CONNECTIONS = new Set(['slow-2g', '2g', '3g', '4g', 'unknown'])
/** The device class the browser derives from its memory and cores (client/analytics/web-vitals.ts). */
export const DEVICES = new Set(['low', 'mid', 'high', 'unknown'])

/**
 * Route kinds: the route names of shared/routing/routes.ts (and `error`, an error view) grouped as the
 * dashboard shows them. An unknown name is `other`.
 */
export const ROUTE_KINDS: Readonly<Record<string, string>> = {
  main: 'home',
  catalog: 'catalog',
  'catalog-category': 'category',
  popular: 'category',
  'promo-catalog': 'promotions',
  'promo-catalog-category': 'promotions',
  product: 'product',
  'product-reviews': 'product',
  'promo-product': 'product',
  'promo-catalog-category-product': 'product',
  search: 'search',
  articles: 'content',
  article: 'content',
  'cookie-policy': 'content',
  registration: 'account',
  'profile-incomplete': 'account',
  favorites: 'account',
  ecom: 'ecom',
  'ecom-cart': 'cart',
  'ecom-checkout': 'checkout',
  'ecom-order': 'ecom',
  error: 'error',
}
/** Every route kind, `other` included: the fixed values of the `route_kind` label. */
export const ROUTE_KIND_VALUES = [...new Set([...Object.values(ROUTE_KINDS), 'other'])]

/** One accepted value. */
export interface VitalSample {
  metric: string
  routeKind: string
  connection: string
  /** Seconds (ms / 1000) for the timings, the score itself for CLS. */
  value: number
  /** What the attribution build named (an element's selector, an interaction's type and longest phase), for the log. */
  attribution: string | undefined
}

const own = (record: object, key: unknown): key is string =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(record, key)

/**
 * Reads a batch (`{ connection, device, items: [{ metric, value, route, attribution? }] }`); undefined when
 * the body is not one. Values of unknown metrics or out of range are left out; labels off the lists
 * become `unknown` or `other`.
 */
export function readVitals(body: unknown): { device: string; samples: VitalSample[] } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const { connection, device, items } = body as Record<string, unknown>
  if (!Array.isArray(items) || items.length === 0 || items.length > VITALS_MAX_ITEMS) return undefined
  const conn = typeof connection === 'string' && CONNECTIONS.has(connection) ? connection : 'unknown'
  const samples: VitalSample[] = []
  for (const item of items) {
    if (!item || typeof item !== 'object') continue
    const { metric, value, route, attribution } = item as Record<string, unknown>
    if (!own(METRICS, metric) || typeof value !== 'number' || !Number.isFinite(value)) continue
    if (value < 0 || value > METRICS[metric]!) continue
    samples.push({
      metric,
      routeKind: own(ROUTE_KINDS, route) ? ROUTE_KINDS[route]! : 'other',
      connection: conn,
      value: metric === 'CLS' ? value : value / 1000,
      attribution: typeof attribution === 'string' ? attribution.slice(0, 160) : undefined,
    })
  }
  return { device: typeof device === 'string' && DEVICES.has(device) ? device : 'unknown', samples }
}

/** Installs `POST /api/vitals`. */
export const webVitalsPlugin = fp(
  async (app) => {
    const limiter = createMemoryLimiter({ limit: VITALS_PER_MINUTE, windowMs: 60_000, maxKeys: 10_000 })
    const { webVitals, webVitalsCls, webVitalsBatches } = app.metrics
    app.post(VITALS_PATH, { bodyLimit: VITALS_BODY_LIMIT }, async (request, reply) => {
      request.routeName = 'vitals'
      reply.header('cache-control', 'no-store')
      // Per IPv4 address or IPv6 /64, like every limit of ours (decision 026).
      if (!(await limiter.take(clientAddressKey(request.ip))).ok) {
        webVitalsBatches.inc({ outcome: 'rate_limited', device: 'unknown' })
        return reply.code(429).header('retry-after', '60').send(errorBody('rate_limited'))
      }
      // sendBeacon posts text/plain (the analytics plugin's parser hands it over as a string).
      let body: unknown = request.body
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body)
        } catch {
          body = undefined
        }
      }
      const batch = readVitals(body)
      if (!batch) {
        webVitalsBatches.inc({ outcome: 'invalid', device: 'unknown' })
        return reply.code(400).send(errorBody('bad_request'))
      }
      webVitalsBatches.inc({ outcome: 'accepted', device: batch.device })
      for (const sample of batch.samples) {
        const labels = { route_kind: sample.routeKind, metric: sample.metric, connection: sample.connection }
        if (sample.metric === 'CLS') webVitalsCls.observe(labels, sample.value)
        else webVitals.observe(labels, sample.value)
      }
      request.log.debug(
        {
          vitals: batch.samples.map(({ metric, routeKind, value, attribution }) => ({
            metric,
            routeKind,
            value,
            attribution,
          })),
        },
        'web vitals',
      )
      return reply.code(204).send()
    })
  },
  { name: 'web-vitals', dependencies: ['context', 'analytics'] },
)
