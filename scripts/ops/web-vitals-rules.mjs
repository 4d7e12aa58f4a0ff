/**
 * The field Web Vitals' rules (decision 032), one self-contained group at the end of the storefront's
 * rules (scripts/ops/monitoring.mjs appends it): the p75 of each metric per route kind over 10 minutes,
 * the sample rate behind it, and two ticket alerts: p75 LCP over 2.5 s or p75 INP over 200 ms (the
 * "good" thresholds of web.dev) for 30 minutes, on a route kind with enough samples to mean something.
 *
 * The histograms come from `POST /api/vitals` (server/plugins/web-vitals.ts): `web_vitals_seconds`
 * (LCP, FCP, TTFB, INP) and `web_vitals_cls`, labelled by route_kind, metric and connection.
 */

/** The thresholds of the alerts, in seconds, and the least samples a minute a route kind needs for them. */
export const FIELD_VITALS = {
  lcpP75Seconds: 2.5,
  inpP75Seconds: 0.2,
  minSamplesPerMinute: 1,
}

/**
 * The group. `window` and `hold` scale a rate window and a `for:` (production or the chaos test's fast
 * rules), `job` is the scrape job, `runbookUrl(alert)` the runbook of an alert, `interval` the group's,
 * `ticketLabels` the labels of a ticket (the configured severity and the service).
 */
export function webVitalsGroup({ window, hold, job, runbookUrl, interval, ticketLabels }) {
  const w = window('10m')
  const sel = `job="${job}"`
  const p75 = 'route_kind_metric:web_vitals_seconds:p75_10m'
  const samples = 'route_kind_metric:web_vitals_samples:rate10m'
  const minRate = Number((FIELD_VITALS.minSamplesPerMinute / 60).toFixed(6))
  const ticket = (name, metric, threshold, summary, description) => ({
    alert: name,
    expr: `${p75}{metric="${metric}"} > ${threshold}\nand on (route_kind, metric) ${samples}{metric="${metric}"} >= ${minRate}`,
    for: hold('30m'),
    labels: ticketLabels,
    annotations: { summary, description, runbook_url: runbookUrl(name) },
  })
  return {
    name: 'storefront-field-vitals',
    interval,
    rules: [
      {
        record: p75,
        expr: `histogram_quantile(0.75, sum by (route_kind, metric, le) (rate(web_vitals_seconds_bucket{${sel}}[${w}])))`,
      },
      {
        record: 'route_kind:web_vitals_cls:p75_10m',
        expr: `histogram_quantile(0.75, sum by (route_kind, le) (rate(web_vitals_cls_bucket{${sel}}[${w}])))`,
      },
      {
        record: samples,
        expr: `sum by (route_kind, metric) (rate(web_vitals_seconds_count{${sel}}[${w}]))`,
      },
      ticket(
        'StorefrontFieldLcpSlow',
        'LCP',
        FIELD_VITALS.lcpP75Seconds,
        "Shoppers' p75 LCP on {{ $labels.route_kind }} pages is over 2.5 s",
        "Real shoppers' browsers measured a p75 Largest Contentful Paint of {{ $value | humanizeDuration }} on {{ $labels.route_kind }} pages for 30 minutes (good: 2.5 s).",
      ),
      ticket(
        'StorefrontFieldInpSlow',
        'INP',
        FIELD_VITALS.inpP75Seconds,
        "Shoppers' p75 INP on {{ $labels.route_kind }} pages is over 200 ms",
        "Real shoppers' browsers measured a p75 Interaction to Next Paint of {{ $value | humanizeDuration }} on {{ $labels.route_kind }} pages for 30 minutes (good: 200 ms).",
      ),
    ],
  }
}
