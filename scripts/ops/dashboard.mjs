#!/usr/bin/env node
/**
 * The Grafana dashboard as code: deploy/monitoring/dashboards/storefront.json ("Aurora storefront",
 * Grafana 10+ JSON model, schemaVersion 39). Run as a script it rewrites the file; `--check` exits 1 when
 * the committed file differs or the model is invalid (ids, grid, queries, datasource). Grafana is not
 * packaged for this machine, so it has not been opened in Grafana here: the test checks the model and that
 * every metric a panel queries exists in the storefront's /metrics or in the recording rules.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { JOB, SLO } from './monitoring.mjs'
import { FIELD_VITALS } from './web-vitals-rules.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
export const DASHBOARD_FILE = 'deploy/monitoring/dashboards/storefront.json'

const DS = { type: 'prometheus', uid: '${datasource}' }
const SEL = `job="${JOB}", instance=~"$instance"`
const RATE = '$__rate_interval'

/** Queries of a panel: [expr, legend]. */
const q = (expr, legend) => ({ expr, legend })

/** The rows and their panels, top to bottom. Titles are what the runbooks name. */
const ROWS = [
  {
    title: 'SLO',
    panels: [
      {
        title: 'Availability: error ratio and burn',
        unit: 'percentunit',
        description: `Share of page answers that were 5xx (outage page while a gateway is down excepted). SLO ${SLO.availability * 100} %: a 1h burn of 14.4 is the page threshold (red line).`,
        targets: [
          q('storefront:page_error_ratio:rate5m', 'error ratio 5m'),
          q('storefront:page_error_ratio:rate1h', 'error ratio 1h'),
          q('storefront:page_error_ratio:rate6h', 'error ratio 6h'),
        ],
        thresholds: [14.4 * (1 - SLO.availability)],
      },
      {
        title: 'Latency: share over 250 ms and burn',
        unit: 'percentunit',
        description: `Share of page answers slower than ${SLO.latencyThresholdSeconds * 1000} ms. SLO ${SLO.latency * 100} % within it: 14.4 × the budget is the page threshold (red line).`,
        targets: [
          q('storefront:page_slow_ratio:rate5m', 'slow share 5m'),
          q('storefront:page_slow_ratio:rate1h', 'slow share 1h'),
          q('storefront:page_slow_ratio:rate6h', 'slow share 6h'),
        ],
        thresholds: [14.4 * (1 - SLO.latency)],
      },
      {
        title: 'Outage page share',
        unit: 'percentunit',
        description: 'Share of page answers that were the outage page while a gateway was down (the outage SLI).',
        targets: [
          q('storefront:page_outage_ratio:rate5m', 'outage 5m'),
          q('storefront:page_outage_ratio:rate1h', 'outage 1h'),
        ],
      },
      {
        title: 'Error budget burn rate',
        unit: 'none',
        description:
          'Burn rate (error ratio over the budget) of both SLOs over 1 h: 1 spends the 30-day budget in 30 days.',
        targets: [
          q(`storefront:page_error_ratio:rate1h / ${Number((1 - SLO.availability).toFixed(6))}`, 'availability 1h'),
          q(`storefront:page_slow_ratio:rate1h / ${Number((1 - SLO.latency).toFixed(6))}`, 'latency 1h'),
        ],
        thresholds: [14.4],
      },
    ],
  },
  {
    title: 'RED per route',
    panels: [
      {
        title: 'Requests per route',
        unit: 'reqps',
        targets: [q(`sum by (route) (rate(http_request_duration_seconds_count{${SEL}}[${RATE}]))`, '{{route}}')],
      },
      {
        title: '5xx answers per route',
        unit: 'reqps',
        targets: [
          q(
            `sum by (route, status) (rate(http_request_duration_seconds_count{${SEL}, status=~"5.."}[${RATE}]))`,
            '{{route}} {{status}}',
          ),
        ],
      },
      {
        title: 'p99 latency per route',
        unit: 's',
        targets: [
          q(
            `histogram_quantile(0.99, sum by (route, le) (rate(http_request_duration_seconds_bucket{${SEL}}[${RATE}])))`,
            '{{route}}',
          ),
        ],
      },
      {
        title: 'p50 latency per route',
        unit: 's',
        targets: [
          q(
            `histogram_quantile(0.5, sum by (route, le) (rate(http_request_duration_seconds_bucket{${SEL}}[${RATE}])))`,
            '{{route}}',
          ),
        ],
      },
    ],
  },
  {
    title: 'SSR',
    panels: [
      {
        title: 'Render time p99',
        unit: 's',
        targets: [
          q(
            `histogram_quantile(0.99, sum by (route, le) (rate(ssr_render_duration_seconds_bucket{${SEL}}[${RATE}])))`,
            '{{route}}',
          ),
        ],
      },
      {
        title: 'Render queue',
        unit: 'short',
        description: 'Renders whose data is in, waiting for the event loop. Above a few dozen for minutes: saturated.',
        targets: [q(`ssr_render_queue{${SEL}}`, '{{instance}}')],
        thresholds: [30],
      },
      {
        title: 'Streamed renders',
        unit: 'reqps',
        description:
          'Renders streamed because the string renderer met a suspending or failing part: should stay near zero.',
        targets: [q(`sum by (route) (rate(ssr_streamed_renders_total{${SEL}}[${RATE}]))`, '{{route}}')],
      },
    ],
  },
  {
    title: 'Upstream',
    panels: [
      {
        title: 'Upstream p99 per endpoint',
        unit: 's',
        targets: [
          q(
            `histogram_quantile(0.99, sum by (endpoint, le) (rate(upstream_request_duration_seconds_bucket{${SEL}}[${RATE}])))`,
            '{{endpoint}}',
          ),
        ],
      },
      {
        title: 'Upstream errors per endpoint',
        unit: 'reqps',
        description: 'Gateway calls answered 5xx, or failed (status "error": network or timeout).',
        targets: [
          q(
            `sum by (endpoint, status) (rate(upstream_request_duration_seconds_count{${SEL}, status=~"5..|error"}[${RATE}]))`,
            '{{endpoint}} {{status}}',
          ),
        ],
      },
      {
        title: 'Upstream calls per endpoint',
        unit: 'reqps',
        targets: [
          q(`sum by (endpoint) (rate(upstream_request_duration_seconds_count{${SEL}}[${RATE}]))`, '{{endpoint}}'),
        ],
      },
      {
        title: 'Gateway up',
        unit: 'short',
        description: '1 while the gateway answers the replica’s probe, 0 while it does not.',
        targets: [q(`min by (gateway) (gateway_up{${SEL}})`, '{{gateway}}')],
        min: 0,
        max: 1,
      },
    ],
  },
  {
    title: 'Caches',
    panels: [
      {
        title: 'Page cache',
        unit: 'reqps',
        description:
          'Rendered-page cache of anonymous pages: hit, stale (served while one request re-renders), miss, store.',
        targets: [q(`sum by (event) (rate(page_cache_events_total{${SEL}}[${RATE}]))`, '{{event}}')],
      },
      {
        title: 'Query store',
        unit: 'reqps',
        description:
          'Query store lookups: hit, stale (served, refreshed in the background), miss (a fetch started), joined (a fetch in flight), stale-error; and entries pushed out.',
        targets: [
          q(`sum by (event) (rate(query_store_events_total{${SEL}}[${RATE}]))`, '{{event}}'),
          q(`sum(rate(query_store_evictions_total{${SEL}}[${RATE}]))`, 'evicted'),
        ],
      },
      {
        title: 'Query store size',
        unit: 'bytes',
        description: 'Estimated bytes of the query store per instance; its bound is QUERY_STORE_MAX_MB.',
        targets: [q(`query_store_bytes{${SEL}}`, '{{instance}}')],
      },
      {
        title: 'Kept fragments hit ratio',
        unit: 'percentunit',
        targets: [
          q(
            `sum(rate(ssr_fragment_lookups_total{${SEL}, result="hit"}[${RATE}])) / sum(rate(ssr_fragment_lookups_total{${SEL}}[${RATE}]))`,
            'hit ratio',
          ),
        ],
        min: 0,
        max: 1,
      },
    ],
  },
  {
    title: 'Redis and sign-in',
    panels: [
      {
        title: 'Redis fallbacks',
        unit: 'ops',
        description:
          'Redis calls that failed and degraded: otp_limit (send refused), refresh (in-process coordination).',
        targets: [q(`sum by (what) (rate(redis_fallbacks_total{${SEL}}[${RATE}]))`, '{{what}}')],
      },
      {
        title: 'OTP requests',
        unit: 'reqps',
        description: 'OTP send requests by answer: 200 sent, 422 refused (per-IP limit or Redis down).',
        targets: [
          q(
            `sum by (status) (rate(http_request_duration_seconds_count{${SEL}, route="auth.otp.request"}[${RATE}]))`,
            '{{status}}',
          ),
          q('storefront:otp_requests:rate5m', 'all, 5m'),
        ],
      },
    ],
  },
  {
    title: 'Errors',
    panels: [
      {
        title: 'Error reports',
        unit: 'ops',
        targets: [q(`sum by (source) (rate(error_reports_total{${SEL}}[${RATE}]))`, '{{source}}')],
      },
      {
        title: 'Analytics events',
        unit: 'ops',
        targets: [q(`sum by (accepted) (rate(analytics_events_total{${SEL}}[${RATE}]))`, 'accepted={{accepted}}')],
      },
    ],
  },
  {
    title: 'Field Web Vitals (p75 per route kind)',
    panels: [
      {
        title: 'Field LCP p75 per route kind',
        unit: 's',
        description: `Largest Contentful Paint measured by shoppers' browsers (sampled, POST /api/vitals), p75 over 10 minutes per route kind. Over ${FIELD_VITALS.lcpP75Seconds} s for 30 minutes: ticket (StorefrontFieldLcpSlow).`,
        targets: [q('route_kind_metric:web_vitals_seconds:p75_10m{metric="LCP"}', '{{route_kind}}')],
        thresholds: [FIELD_VITALS.lcpP75Seconds],
      },
      {
        title: 'Field INP p75 per route kind',
        unit: 's',
        description: `Interaction to Next Paint measured by shoppers' browsers, p75 over 10 minutes per route kind of the page the interaction was on. Over ${FIELD_VITALS.inpP75Seconds * 1000} ms for 30 minutes: ticket (StorefrontFieldInpSlow).`,
        targets: [q('route_kind_metric:web_vitals_seconds:p75_10m{metric="INP"}', '{{route_kind}}')],
        thresholds: [FIELD_VITALS.inpP75Seconds],
      },
      {
        title: 'Field CLS p75 per route kind',
        unit: 'none',
        description: "Cumulative Layout Shift measured by shoppers' browsers, p75 over 10 minutes (good: 0.1).",
        targets: [q('route_kind:web_vitals_cls:p75_10m', '{{route_kind}}')],
        thresholds: [0.1],
      },
      {
        title: 'Field FCP and TTFB p75 per route kind',
        unit: 's',
        description:
          "First Contentful Paint and Time to First Byte measured by shoppers' browsers, p75 over 10 minutes.",
        targets: [
          q('route_kind_metric:web_vitals_seconds:p75_10m{metric="FCP"}', 'FCP {{route_kind}}'),
          q('route_kind_metric:web_vitals_seconds:p75_10m{metric="TTFB"}', 'TTFB {{route_kind}}'),
        ],
      },
      {
        title: 'Field LCP p75 per connection',
        unit: 's',
        description: 'LCP p75 by the effective connection type the browser reported (slow-2g, 2g, 3g, 4g, unknown).',
        targets: [
          q(
            `histogram_quantile(0.75, sum by (connection, le) (rate(web_vitals_seconds_bucket{${SEL}, metric="LCP"}[10m])))`,
            '{{connection}}',
          ),
        ],
        thresholds: [FIELD_VITALS.lcpP75Seconds],
      },
      {
        title: 'Field vitals batches',
        unit: 'ops',
        description:
          'Batches from browsers by outcome (accepted, invalid, rate_limited) and device class; the values per route kind a minute are what the alerts need (at least 1).',
        targets: [
          q(`sum by (outcome, device) (rate(web_vitals_batches_total{${SEL}}[${RATE}]))`, '{{outcome}} {{device}}'),
          q('route_kind_metric:web_vitals_samples:rate10m * 60', '{{metric}} {{route_kind}} a minute'),
        ],
      },
    ],
  },
  {
    title: 'Node',
    panels: [
      {
        title: 'Event-loop lag p99',
        unit: 's',
        targets: [q(`nodejs_eventloop_lag_p99_seconds{${SEL}}`, '{{instance}}')],
        thresholds: [0.1],
      },
      {
        title: 'CPU',
        unit: 'percentunit',
        description: 'CPU seconds per second per replica (1 = one core).',
        targets: [q(`rate(process_cpu_seconds_total{${SEL}}[${RATE}])`, '{{instance}}')],
      },
      {
        title: 'Memory',
        unit: 'bytes',
        description: 'RSS (limit 768 Mi, a soak levels at ~350 MB) and V8 heap used.',
        targets: [
          q(`process_resident_memory_bytes{${SEL}}`, 'rss {{instance}}'),
          q(`nodejs_heap_size_used_bytes{${SEL}}`, 'heap {{instance}}'),
        ],
      },
      {
        title: 'GC pauses',
        unit: 's',
        description: 'Seconds per second spent in garbage collection, by kind.',
        targets: [
          q(`sum by (instance, kind) (rate(nodejs_gc_duration_seconds_sum{${SEL}}[${RATE}]))`, '{{instance}} {{kind}}'),
        ],
      },
      {
        title: 'Active handles',
        unit: 'short',
        targets: [q(`nodejs_active_handles_total{${SEL}}`, '{{instance}}')],
      },
    ],
  },
]

/** A time-series panel of the Grafana 10 model. */
function timeseries(panel, id, gridPos) {
  const steps = [{ color: 'green', value: null }, ...(panel.thresholds ?? []).map((value) => ({ color: 'red', value }))]
  return {
    id,
    type: 'timeseries',
    title: panel.title,
    ...(panel.description ? { description: panel.description } : {}),
    datasource: DS,
    gridPos,
    fieldConfig: {
      defaults: {
        unit: panel.unit,
        ...(panel.min !== undefined ? { min: panel.min } : {}),
        ...(panel.max !== undefined ? { max: panel.max } : {}),
        thresholds: { mode: 'absolute', steps },
        custom: {
          drawStyle: 'line',
          lineWidth: 1,
          fillOpacity: 10,
          showPoints: 'never',
          thresholdsStyle: { mode: panel.thresholds ? 'line' : 'off' },
        },
      },
      overrides: [],
    },
    options: {
      legend: { displayMode: 'list', placement: 'bottom', showLegend: true },
      tooltip: { mode: 'multi', sort: 'desc' },
    },
    targets: panel.targets.map((target, index) => ({
      datasource: DS,
      expr: target.expr,
      legendFormat: target.legend,
      refId: String.fromCharCode(65 + index),
    })),
  }
}

/** The dashboard model. */
export function dashboard() {
  const panels = []
  let id = 1
  let y = 0
  for (const row of ROWS) {
    panels.push({
      id: id++,
      type: 'row',
      title: row.title,
      collapsed: false,
      gridPos: { h: 1, w: 24, x: 0, y },
      panels: [],
    })
    y += 1
    row.panels.forEach((panel, index) => {
      const width = row.panels.length >= 3 ? 8 : 12
      const perLine = 24 / width
      const gridPos = { h: 8, w: width, x: (index % perLine) * width, y: y + Math.floor(index / perLine) * 8 }
      panels.push(timeseries(panel, id++, gridPos))
    })
    y += Math.ceil(row.panels.length / (row.panels.length >= 3 ? 3 : 2)) * 8
  }
  return {
    annotations: { list: [] },
    description:
      'Aurora storefront: SLOs, RED per route, SSR, upstream, caches, Redis, OTP, errors, Node. Generated by scripts/ops/dashboard.mjs.',
    editable: true,
    graphTooltip: 1,
    id: null,
    links: [],
    panels,
    refresh: '30s',
    schemaVersion: 39,
    tags: ['storefront', 'aurora'],
    templating: {
      list: [
        { name: 'datasource', label: 'Data source', type: 'datasource', query: 'prometheus', current: {}, hide: 0 },
        {
          name: 'instance',
          label: 'Replica',
          type: 'query',
          datasource: DS,
          query: { query: `label_values(up{job="${JOB}"}, instance)`, refId: 'instance' },
          definition: `label_values(up{job="${JOB}"}, instance)`,
          refresh: 2,
          includeAll: true,
          multi: true,
          allValue: '.*',
          current: { text: 'All', value: '$__all' },
          hide: 0,
          sort: 1,
        },
      ],
    },
    time: { from: 'now-6h', to: 'now' },
    timepicker: {},
    timezone: 'browser',
    title: 'Aurora storefront',
    uid: 'aurora-storefront',
    version: 1,
  }
}

/** Problems of a dashboard model: an empty list when it is fine. */
export function validateDashboard(model) {
  const problems = []
  if (model.schemaVersion < 36) problems.push('schemaVersion below Grafana 10')
  if (!model.uid || !model.title) problems.push('uid and title are required')
  const ids = new Set()
  const occupied = new Set()
  for (const panel of model.panels) {
    if (ids.has(panel.id)) problems.push(`duplicate panel id ${panel.id}`)
    ids.add(panel.id)
    const { x, y, w, h } = panel.gridPos ?? {}
    if (![x, y, w, h].every(Number.isInteger) || x < 0 || w < 1 || x + w > 24 || h < 1)
      problems.push(`panel ${panel.title}: bad gridPos`)
    for (let row = y; row < y + h; row++)
      for (let column = x; column < x + w; column++) {
        const cell = `${column},${row}`
        if (occupied.has(cell)) problems.push(`panel ${panel.title} overlaps another at ${cell}`)
        occupied.add(cell)
      }
    if (panel.type === 'row') continue
    if (!panel.targets?.length) problems.push(`panel ${panel.title}: no query`)
    const refIds = new Set()
    for (const target of panel.targets ?? []) {
      if (!target.expr) problems.push(`panel ${panel.title}: empty query`)
      if (refIds.has(target.refId)) problems.push(`panel ${panel.title}: duplicate refId`)
      refIds.add(target.refId)
      if (target.datasource?.uid !== '${datasource}')
        problems.push(`panel ${panel.title}: not on the datasource variable`)
      let depth = 0
      for (const char of target.expr) {
        depth += char === '(' ? 1 : char === ')' ? -1 : 0
        if (depth < 0) break
      }
      if (depth !== 0) problems.push(`panel ${panel.title}: unbalanced parentheses`)
    }
  }
  return problems
}

const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
])

/** Metric (and recorded series) names a PromQL expression reads. */
export function metricNames(expr) {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
  const names = new Set()
  for (const match of stripped.matchAll(/[A-Za-z_:][\w:]*/g)) {
    const after = stripped.slice(match.index + match[0].length).trimStart()
    if (after.startsWith('(') || PROMQL_WORDS.has(match[0])) continue
    names.add(match[0])
  }
  return [...names]
}

/** Every query of the dashboard. */
export const dashboardQueries = (model = dashboard()) =>
  model.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })))

/** The file's text: the model as JSON, laid out by the repository's Prettier (so `npm run lint` agrees). */
export async function dashboardJson() {
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(root + DASHBOARD_FILE)) ?? {}
  return prettier.format(JSON.stringify(dashboard()), { ...options, parser: 'json' })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = validateDashboard(dashboard())
  if (problems.length) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
  if (process.argv.includes('--check')) {
    if (readFileSync(root + DASHBOARD_FILE, 'utf8') !== (await dashboardJson())) {
      console.error(`${DASHBOARD_FILE} differs from scripts/ops/dashboard.mjs: run node scripts/ops/dashboard.mjs`)
      process.exit(1)
    }
  } else {
    writeFileSync(root + DASHBOARD_FILE, await dashboardJson())
    console.log(`wrote ${DASHBOARD_FILE}`)
  }
}
