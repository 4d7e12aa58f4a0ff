#!/usr/bin/env node
/**
 * The storefront's SLOs and alerts as code: the one source of the Prometheus rules file
 * (deploy/monitoring/storefront.rules.yml), the PrometheusRule and ServiceMonitor of deploy/, and the
 * Prometheus and Alertmanager configs `npm run prod-shape` runs with.
 *
 * `fast: true` gives the same rules with every window and `for:` divided by 60 (a 20 s floor for rate
 * windows, four scrapes at 5 s; 2 s for `for:`), evaluated every 2 s: what `npm run chaos` and its test
 * load, so an alert fires and resolves within a minute of its cause. Rule and record names stay the same.
 *
 * Run as a script it rewrites the generated files; `--check` exits 1 when a committed one differs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { toYaml } from './yaml.mjs'
import { webVitalsGroup } from './web-vitals-rules.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The scrape job of the replicas' metrics ports (the ServiceMonitor's Service is named so too). */
export const JOB = 'storefront'

/**
 * Route names of answers that are not pages (server/plugins/*: proxy, session, health, assets, …). The XML
 * sitemap shares its name with the HTML sitemap page, and counts as a page.
 */
export const NON_PAGE_ROUTES =
  'proxy:.*|auth[.].*|session.*|static|build|healthz|readyz|analytics|error-report|robots|unmatched|uri-too-long'
/** The page answers: GET requests answered by the page renderer, named by their route. */
export const PAGE = `job="${JOB}", method="GET", route!~"${NON_PAGE_ROUTES}"`

/**
 * The SLOs over 30 days. Availability: 99.9 % of page answers are not 5xx, the outage page while a
 * gateway is down excepted (its own SLI below). Latency: 99 % of page answers within 250 ms: the
 * bench's uncached home page, the heaviest (14 gateway calls), has p99 226 ms at 50 concurrent
 * requests on a saturated replica and 48 ms at 60 % of that rate (bench/results.json), so 250 ms is met
 * by a healthy replica even at saturation, and missed when the gateway or the render slows down.
 */
export const SLO = {
  availability: 0.999,
  latency: 0.99,
  latencyThresholdSeconds: 0.25,
}

/** The Workbook's multiwindow, multi-burn-rate pairs for a 30-day budget: 2 % in 1 h, 5 % in 6 h. */
export const BURN_WINDOWS = [
  { long: '1h', short: '5m', factor: 14.4 },
  { long: '6h', short: '30m', factor: 6 },
]
const WINDOWS = ['5m', '30m', '1h', '6h']

/** OTP requests a second above which a flood is possible at all (normal: a few a minute per replica). */
const OTP_FLOOD_FLOOR = { normal: 2, fast: 1 }

const SECONDS = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }
const toSeconds = (text) => Number(text.slice(0, -1)) * SECONDS[text.slice(-1)]
const duration = (seconds) => {
  for (const unit of ['w', 'd', 'h', 'm']) if (seconds % SECONDS[unit] === 0) return `${seconds / SECONDS[unit]}${unit}`
  return `${seconds}s`
}

/** Time scales: a rate window and a `for:`, as written in production or sped up for chaos tests. */
function scales(fast) {
  return {
    window: (text) => (fast ? duration(Math.max(20, Math.round(toSeconds(text) / 60))) : text),
    hold: (text) => (fast ? duration(Math.max(2, Math.round(toSeconds(text) / 60))) : text),
  }
}

/** The runbook of an alert, relative to the repository (docs/runbooks/<alert>.md). */
export const runbookUrl = (alert) => `docs/runbooks/${alert}.md`

const alert = (name, { expr, hold, severity, summary, description, labels = {} }) => ({
  alert: name,
  expr,
  for: hold,
  labels: { severity, ...labels },
  annotations: { summary, description, runbook_url: runbookUrl(name) },
})

/** The rule groups: recording rules of the SLIs, SLO burn alerts, cause alerts. */
export function ruleGroups({ fast = false } = {}) {
  const { window, hold } = scales(fast)
  const http = 'http_request_duration_seconds'
  const le = String(SLO.latencyThresholdSeconds)

  const perInstance = WINDOWS.flatMap((w) => {
    const r = window(w)
    return [
      {
        record: `instance:page_answers:rate${w}`,
        expr: `sum by (job, instance) (rate(${http}_count{${PAGE}}[${r}]))`,
      },
      {
        // 0 rather than nothing while no page fails, so the ratios and the dashboard show 0.
        record: `instance:page_answers_5xx:rate${w}`,
        expr:
          `sum by (job, instance) (rate(${http}_count{${PAGE}, status=~"5.."}[${r}]))\n` +
          `or 0 * sum by (job, instance) (rate(${http}_count{${PAGE}}[${r}]))`,
      },
      {
        // The outage page: the page's gateway data failed (502 bad answer, 503, 504 timeout).
        record: `instance:page_answers_outage:rate${w}`,
        expr:
          `sum by (job, instance) (rate(${http}_count{${PAGE}, status=~"50[234]"}[${r}]))\n` +
          `or 0 * sum by (job, instance) (rate(${http}_count{${PAGE}}[${r}]))`,
      },
      {
        record: `instance:page_answers_slow:rate${w}`,
        expr:
          `sum by (job, instance) (rate(${http}_count{${PAGE}}[${r}]))\n` +
          `- sum by (job, instance) (rate(${http}_bucket{${PAGE}, le="${le}"}[${r}]))`,
      },
      {
        // 1 when a gateway missed a probe of this replica during the window, 0 otherwise.
        record: `instance:gateway_down:max${w}`,
        expr: `max by (job, instance) (1 - min_over_time(gateway_up{job="${JOB}"}[${r}]))`,
      },
    ]
  })

  const slis = [
    {
      // Every OTP request reaching a replica (sent, refused by the per-IP limit, or failed): SMS pumping.
      record: 'storefront:otp_requests:rate5m',
      expr: `sum(rate(${http}_count{job="${JOB}", route="auth.otp.request"}[${window('5m')}]))`,
    },
    ...WINDOWS.flatMap((w) => [
      { record: `storefront:page_answers:rate${w}`, expr: `sum(instance:page_answers:rate${w})` },
      {
        // Bad events of the availability SLI: 5xx page answers, less the outage pages of replicas whose
        // gateway was down (those count in the outage SLI).
        record: `storefront:page_errors:rate${w}`,
        expr:
          `sum(\n` +
          `  (instance:page_answers_5xx:rate${w}\n` +
          `    - on (job, instance) (instance:page_answers_outage:rate${w} * on (job, instance) instance:gateway_down:max${w}))\n` +
          `  or instance:page_answers_5xx:rate${w}\n` +
          `)`,
      },
      {
        record: `storefront:page_error_ratio:rate${w}`,
        expr: `storefront:page_errors:rate${w} / storefront:page_answers:rate${w}`,
      },
      {
        record: `storefront:page_slow_ratio:rate${w}`,
        expr: `sum(instance:page_answers_slow:rate${w}) / storefront:page_answers:rate${w}`,
      },
      {
        // The outage SLI: the share of page answers that were the outage page while a gateway was down.
        record: `storefront:page_outage_ratio:rate${w}`,
        expr:
          `sum(instance:page_answers_outage:rate${w} * on (job, instance) instance:gateway_down:max${w})\n` +
          `/ storefront:page_answers:rate${w}`,
      },
    ]),
  ]

  const burn = (name, ratio, objective, what) =>
    BURN_WINDOWS.map(({ long, short, factor }) => {
      const budget = Number((1 - objective).toFixed(6))
      return alert(name, {
        expr:
          `storefront:${ratio}:rate${long} > (${factor} * ${budget})\n` +
          `and storefront:${ratio}:rate${short} > (${factor} * ${budget})`,
        hold: hold('2m'),
        severity: 'page',
        labels: { long_window: long, short_window: short, slo: what },
        summary: `Page ${what} SLO: burning the 30-day error budget ${factor}x too fast (${long}/${short} windows)`,
        description:
          `{{ $value | humanizePercentage }} of page answers were bad over the last ${short} ` +
          `(and over ${long}); the SLO allows ${Number((budget * 100).toFixed(3))} %.`,
      })
    })

  const causes = [
    alert('StorefrontGatewayDown', {
      expr: `max by (gateway) (gateway_up{job="${JOB}"}) == 0`,
      hold: hold('1m'),
      severity: 'page',
      summary: 'The {{ $labels.gateway }} gateway answers no replica',
      description:
        'Every replica fails its probe of the {{ $labels.gateway }} gateway: shoppers get the outage page except for pages still cached.',
    }),
    alert('StorefrontRedisFallbacks', {
      expr: `sum by (what) (rate(redis_fallbacks_total{job="${JOB}"}[${window('5m')}])) > 0`,
      hold: hold('2m'),
      severity: 'page',
      summary: 'Redis calls fail: {{ $labels.what }} degraded',
      description:
        '{{ $value | humanize }} Redis fallbacks a second ({{ $labels.what }}): OTP sends are refused (sign-in is impossible) or token refreshes coordinate per replica.',
    }),
    alert('StorefrontRenderQueueSaturated', {
      expr: `max by (instance) (avg_over_time(ssr_render_queue{job="${JOB}"}[${window('5m')}])) > 30`,
      hold: hold('5m'),
      severity: 'ticket',
      summary: 'Replica {{ $labels.instance }} has more renders waiting than it can run',
      description:
        'On average {{ $value | humanize }} renders waited for the event loop over 5 minutes: the replica is CPU-saturated and page latency grows.',
    }),
    alert('StorefrontErrorReportsHigh', {
      expr: `sum(rate(error_reports_total{job="${JOB}"}[${window('5m')}])) > 1`,
      hold: hold('10m'),
      severity: 'ticket',
      summary: 'More than one error report a second',
      description: '{{ $value | humanize }} error reports a second (server faults and browser reports) for 10 minutes.',
    }),
    alert('StorefrontOtpSendFlood', {
      // The baseline averages the recorded rate over the past week (only the samples there are, so a
      // young Prometheus is not fooled by rate()'s division by the whole range), the last 5 minutes out.
      expr:
        `storefront:otp_requests:rate5m\n` +
        `> clamp_min((5 * avg_over_time(storefront:otp_requests:rate5m[${window('1w')}] offset ${window('5m')})) or vector(0), ${fast ? OTP_FLOOD_FLOOR.fast : OTP_FLOOD_FLOOR.normal})`,
      hold: hold('2m'),
      severity: 'page',
      summary: 'OTP SMS requests far above normal: possible SMS pumping',
      description:
        '{{ $value | humanize }} OTP requests a second: over 5 times the past week and over the floor. Each request may cost an SMS.',
    }),
    alert('StorefrontEventLoopLag', {
      expr: `max by (instance) (avg_over_time(nodejs_eventloop_lag_p99_seconds{job="${JOB}"}[${window('5m')}])) > 0.1`,
      hold: hold('10m'),
      severity: 'ticket',
      summary: 'Event-loop lag on {{ $labels.instance }}',
      description:
        "The replica's p99 event-loop delay averaged {{ $value | humanizeDuration }} over 5 minutes: something blocks the loop (a long render, a sync call, GC).",
    }),
    alert('StorefrontReplicaDown', {
      expr: `up{job="${JOB}"} == 0`,
      hold: hold('1m'),
      severity: 'ticket',
      summary: 'Replica {{ $labels.instance }} does not answer its scrape',
      description:
        'Prometheus cannot scrape {{ $labels.instance }}: the balancer sends its shoppers to the other replicas.',
    }),
  ]

  return [
    { name: 'storefront-sli-instance', interval: fast ? '2s' : undefined, rules: perInstance },
    { name: 'storefront-sli', interval: fast ? '2s' : undefined, rules: slis },
    {
      name: 'storefront-slo-alerts',
      interval: fast ? '2s' : undefined,
      rules: [
        ...burn('StorefrontPageErrorBudgetBurn', 'page_error_ratio', SLO.availability, 'availability'),
        ...burn('StorefrontPageLatencyBudgetBurn', 'page_slow_ratio', SLO.latency, 'latency'),
      ],
    },
    { name: 'storefront-cause-alerts', interval: fast ? '2s' : undefined, rules: causes },
    webVitalsGroup({ window, hold, job: JOB, runbookUrl, interval: fast ? '2s' : undefined }),
  ]
}

/** Every alert name, in rule order, once. */
export const alertNames = () => [
  ...new Set(
    ruleGroups()
      .flatMap((group) => group.rules)
      .filter((rule) => rule.alert)
      .map((rule) => rule.alert),
  ),
]

const HEADER = (what) =>
  `# Generated by scripts/ops/monitoring.mjs (${what}): edit that file, then run node scripts/ops/monitoring.mjs.\n`

/** The Prometheus rules file. */
export const rulesYaml = (options) => HEADER('Prometheus rules') + toYaml({ groups: ruleGroups(options) })

/** The same rules for Prometheus Operator. */
export const prometheusRuleYaml = () =>
  HEADER('PrometheusRule') +
  toYaml({
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'storefront', labels: { app: 'storefront' } },
    spec: { groups: ruleGroups() },
  })

/** Prometheus Operator's scrape of the replicas' metrics port, every 5 s; the job label is the Service's name. */
export const serviceMonitorYaml = () =>
  HEADER('ServiceMonitor') +
  toYaml({
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: { name: 'storefront', labels: { app: 'storefront' } },
    spec: {
      selector: { matchLabels: { app: 'storefront' } },
      endpoints: [{ port: 'metrics', path: '/metrics', interval: '5s', scrapeTimeout: '4s' }],
    },
  })

/** The Prometheus config of prod-shape: both replicas every 5 s, our rules, Alertmanager. */
export const prometheusConfigYaml = ({ targets, rulesFile, alertmanager, fast }) =>
  toYaml({
    global: { scrape_interval: '5s', scrape_timeout: '4s', evaluation_interval: fast ? '2s' : '30s' },
    rule_files: [rulesFile],
    alerting: { alertmanagers: [{ static_configs: [{ targets: [alertmanager] }] }] },
    scrape_configs: [{ job_name: JOB, metrics_path: '/metrics', static_configs: [{ targets }] }],
  })

/**
 * The Alertmanager config of prod-shape: one receiver that only keeps the alerts (visible in its UI and
 * API); a real one adds its pager or chat here.
 */
export const alertmanagerConfigYaml = ({ fast }) =>
  toYaml({
    route: {
      receiver: 'keep',
      group_by: ['alertname'],
      group_wait: fast ? '1s' : '30s',
      group_interval: fast ? '5s' : '5m',
      repeat_interval: '4h',
    },
    receivers: [{ name: 'keep' }],
  })

/** The committed files and their wanted text. */
export const GENERATED = {
  'deploy/monitoring/storefront.rules.yml': () => rulesYaml(),
  'deploy/prometheus-rule.yaml': prometheusRuleYaml,
  'deploy/service-monitor.yaml': serviceMonitorYaml,
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  let stale = 0
  for (const [file, render] of Object.entries(GENERATED)) {
    const wanted = render()
    if (check) {
      let current = ''
      try {
        current = readFileSync(root + file, 'utf8')
      } catch {
        // not there yet: differs
      }
      if (current !== wanted) {
        console.error(`${file} differs from scripts/ops/monitoring.mjs: run node scripts/ops/monitoring.mjs`)
        stale++
      }
    } else {
      writeFileSync(root + file, wanted)
      console.log(`wrote ${file}`)
    }
  }
  if (stale) process.exit(1)
}
