#!/usr/bin/env node
/**
 * The storefront's SLOs and alerts as code: the one source of the Prometheus rules file
 * (deploy/monitoring/storefront.rules.yml), the Alertmanager routing (deploy/monitoring/alertmanager.yml),
 * the PrometheusRule and ServiceMonitors of deploy/, and the Prometheus and Alertmanager configs
 * `npm run prod-shape` runs with. Cluster-specific values live in deploy/monitoring/config.json.
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

/**
 * What a cluster sets for itself (deploy/monitoring/config.json; edit it, then run this script): the base
 * of the runbook links an alert carries (absolute, so a pager can open them), the labels the
 * PrometheusRule and ServiceMonitor carry for the operator's selectors (kube-prometheus-stack selects
 * `release: <its release name>`), the severity label values of a page and a ticket (kube-prometheus's
 * routes use `critical` and `warning`), and the scrape job of the Redis exporter.
 */
export const MONITORING = JSON.parse(readFileSync(`${root}deploy/monitoring/config.json`, 'utf8'))

/** The scrape job of the replicas' metrics ports (the ServiceMonitor's Service is named so too). */
export const JOB = 'storefront'
/** Every alert carries it: Alertmanager's inhibitions match on it (deploy/monitoring/alertmanager.yml). */
export const SERVICE = 'storefront'

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

/**
 * The SRE Workbook's multiwindow, multi-burn-rate alerts for a 30-day budget (chapter 5, table 5-8):
 * 2 % of the budget in 1 h (5 m short window) and 5 % in 6 h (30 m) page; 10 % in 3 days (6 h) is a
 * ticket. `for:` as kubernetes-mixin's KubeAPIErrorBudgetBurn.
 */
export const BURN_WINDOWS = [
  { long: '1h', short: '5m', factor: 14.4, hold: '2m', severity: 'page' },
  { long: '6h', short: '30m', factor: 6, hold: '15m', severity: 'page' },
  { long: '3d', short: '6h', factor: 1, hold: '1h', severity: 'ticket' },
]
const WINDOWS = ['5m', '30m', '1h', '6h', '3d']
/**
 * The step of the SLIs: each answer counts in the minute it was given, and an outage answer is excused
 * only when its replica's probe of a gateway failed in that same minute (never for a whole window).
 */
const STEP = '1m'

/** OTP requests a second above which a flood is possible at all (normal: a few a minute per replica). */
const OTP_FLOOD_FLOOR = { normal: 2, fast: 1 }
/** OTP sends refused because Redis failed, a second, that page: more than about one a minute, sustained. */
const OTP_FALLBACK_PAGE_RATE = 0.02

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

/** The local runbook of an alert (docs/runbooks/<alert>.md), relative to the repository. */
export const runbookPath = (alert) => `docs/runbooks/${alert}.md`
/** The runbook link an alert carries: absolute, under MONITORING.runbookBaseUrl. */
export const runbookUrl = (alert) => `${MONITORING.runbookBaseUrl.replace(/\/$/, '')}/${alert}.md`

/** An alerting rule; `severity` is `page` or `ticket`, written as the cluster's label value. */
const alert = (name, { expr, hold, severity, summary, description, labels = {} }) => ({
  alert: name,
  expr,
  for: hold,
  labels: { severity: MONITORING.severities[severity], service: SERVICE, ...labels },
  annotations: { summary, description, runbook_url: runbookUrl(name) },
})

/**
 * The rule groups: recording rules of the SLIs, SLO burn alerts, cause alerts, Redis, the workload.
 * Each group stands alone (its own name and rules), so another group (the browser's Web Vitals, say)
 * is one more entry of the list.
 */
export function ruleGroups({ fast = false } = {}) {
  const { window, hold } = scales(fast)
  const http = 'http_request_duration_seconds'
  const le = String(SLO.latencyThresholdSeconds)
  const step = window(STEP)
  const redisJob = MONITORING.redisJob

  const perInstance = [
    {
      record: `instance:page_answers:rate${STEP}`,
      expr: `sum by (job, instance) (rate(${http}_count{${PAGE}}[${step}]))`,
    },
    {
      // 0 rather than nothing while no page fails, so the ratios and the dashboard show 0.
      record: `instance:page_answers_5xx:rate${STEP}`,
      expr:
        `sum by (job, instance) (rate(${http}_count{${PAGE}, status=~"5.."}[${step}]))\n` +
        `or 0 * sum by (job, instance) (rate(${http}_count{${PAGE}}[${step}]))`,
    },
    {
      // The outage page: the page's gateway data failed (502 bad answer, 503, 504 timeout).
      record: `instance:page_answers_outage:rate${STEP}`,
      expr:
        `sum by (job, instance) (rate(${http}_count{${PAGE}, status=~"50[234]"}[${step}]))\n` +
        `or 0 * sum by (job, instance) (rate(${http}_count{${PAGE}}[${step}]))`,
    },
    {
      record: `instance:page_answers_slow:rate${STEP}`,
      expr:
        `sum by (job, instance) (rate(${http}_count{${PAGE}}[${step}]))\n` +
        `- sum by (job, instance) (rate(${http}_bucket{${PAGE}, le="${le}"}[${step}]))`,
    },
    {
      // 1 when a gateway missed a probe of this replica within the step, 0 otherwise.
      record: `instance:gateway_down:max${STEP}`,
      expr: `max by (job, instance) (1 - min_over_time(gateway_up{job="${JOB}"}[${step}]))`,
    },
  ]

  const ratio = (bad, w) =>
    `sum_over_time(storefront:${bad}:rate${STEP}[${window(w)}])\n/ sum_over_time(storefront:page_answers:rate${STEP}[${window(w)}])`
  const slis = [
    {
      // Every OTP request reaching a replica (sent, refused by the per-IP limit, or failed): SMS pumping.
      record: 'storefront:otp_requests:rate5m',
      expr: `sum(rate(${http}_count{job="${JOB}", route="auth.otp.request"}[${window('5m')}]))`,
    },
    { record: `storefront:page_answers:rate${STEP}`, expr: `sum(instance:page_answers:rate${STEP})` },
    {
      // Bad events of the availability SLI: 5xx page answers, less the outage pages a replica gave in a
      // step in which its gateway probe failed (those count in the outage SLI).
      record: `storefront:page_errors:rate${STEP}`,
      expr:
        `sum(\n` +
        `  (instance:page_answers_5xx:rate${STEP}\n` +
        `    - on (job, instance) (instance:page_answers_outage:rate${STEP} * on (job, instance) instance:gateway_down:max${STEP}))\n` +
        `  or instance:page_answers_5xx:rate${STEP}\n` +
        `)`,
    },
    { record: `storefront:page_slow:rate${STEP}`, expr: `sum(instance:page_answers_slow:rate${STEP})` },
    {
      record: `storefront:page_outages:rate${STEP}`,
      expr: `sum(instance:page_answers_outage:rate${STEP} * on (job, instance) instance:gateway_down:max${STEP})`,
    },
    // The windows: every step's answers summed over the window, so a step excused for an outage is
    // excused alone.
    ...WINDOWS.flatMap((w) => [
      {
        record: `storefront:page_answers:rate${w}`,
        expr: `avg_over_time(storefront:page_answers:rate${STEP}[${window(w)}])`,
      },
      { record: `storefront:page_error_ratio:rate${w}`, expr: ratio('page_errors', w) },
      { record: `storefront:page_slow_ratio:rate${w}`, expr: ratio('page_slow', w) },
      // The outage SLI: the share of page answers that were the outage page while a gateway was down.
      { record: `storefront:page_outage_ratio:rate${w}`, expr: ratio('page_outages', w) },
    ]),
  ]

  const burn = (name, ratioName, objective, what) =>
    BURN_WINDOWS.map(({ long, short, factor, hold: forTime, severity }) => {
      const budget = Number((1 - objective).toFixed(6))
      const spent = Math.round(((factor * toSeconds(long)) / toSeconds('30d')) * 100)
      return alert(name, {
        expr:
          `storefront:${ratioName}:rate${long} > (${factor} * ${budget})\n` +
          `and storefront:${ratioName}:rate${short} > (${factor} * ${budget})`,
        hold: hold(forTime),
        severity,
        labels: { long_window: long, short_window: short, slo: what },
        summary: `Page ${what} SLO: ${spent} % of the 30-day error budget spent in ${long} (burn rate ${factor}, ${long}/${short} windows)`,
        description:
          `{{ $value | humanizePercentage }} of page answers were bad over the last ${long} ` +
          `(and over ${short}); the SLO allows ${Number((budget * 100).toFixed(3))} %.`,
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
      // Sign-in is refused (the OTP limit fails closed), again and again: page.
      expr: `sum by (what) (rate(redis_fallbacks_total{job="${JOB}", what="otp_limit"}[${window('5m')}])) > ${OTP_FALLBACK_PAGE_RATE}`,
      hold: hold('5m'),
      severity: 'page',
      summary: 'Redis fails: OTP sends are refused, shoppers cannot sign in',
      description:
        '{{ $value | humanize }} OTP sends a second refused because Redis failed, for 5 minutes: shoppers get «Попробуйте снова позже» instead of a code.',
    }),
    alert('StorefrontRedisFallbacks', {
      // Any other fallback, or a few refused sends: a ticket (the page above wins while both fire).
      expr: `sum by (what) (rate(redis_fallbacks_total{job="${JOB}"}[${window('15m')}])) > 0`,
      hold: hold('10m'),
      severity: 'ticket',
      summary: 'Redis calls fail: {{ $labels.what }} degraded',
      description:
        '{{ $value | humanize }} Redis fallbacks a second ({{ $labels.what }}) over 15 minutes: refused OTP sends (otp_limit) or work done per replica instead of shared.',
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

  // Redis's used share of maxmemory over a bound; nothing when maxmemory is unset (0: the share is +Inf).
  const redisMemoryOver = (share) =>
    `max(redis_memory_used_bytes{job="${redisJob}"} / redis_memory_max_bytes{job="${redisJob}"}) > ${share}\n` +
    `and max(redis_memory_max_bytes{job="${redisJob}"}) > 0`
  const redis = [
    alert('StorefrontRedisDown', {
      // The exporter answers but Redis does not, or the exporter itself is gone.
      expr: `max(redis_up{job="${redisJob}"}) == 0\nor max(up{job="${redisJob}"}) == 0`,
      hold: hold('1m'),
      severity: 'page',
      summary: 'Redis of the storefront is down',
      description:
        'The Redis exporter cannot reach Redis (or is down itself): OTP sends are refused, so no shopper can sign in; token refreshes coordinate per replica.',
    }),
    alert('StorefrontRedisMemoryHigh', {
      // noeviction: a full Redis refuses writes, and the store refuses OTP sends. Warn well before.
      expr: redisMemoryOver(0.8),
      hold: hold('5m'),
      severity: 'ticket',
      summary: 'Redis uses {{ $value | humanizePercentage }} of its maxmemory',
      description:
        'Redis never evicts (noeviction): at 100 % it refuses writes and the store refuses OTP sends. Find what fills it or raise maxmemory.',
    }),
    alert('StorefrontRedisMemoryHigh', {
      expr: redisMemoryOver(0.95),
      hold: hold('2m'),
      severity: 'page',
      summary: 'Redis is nearly full: {{ $value | humanizePercentage }} of its maxmemory',
      description:
        'Redis never evicts (noeviction): within minutes it refuses writes and no shopper can sign in. Raise maxmemory now.',
    }),
    alert('StorefrontRedisEvictions', {
      // The policy is noeviction: any eviction means the config changed (or a managed Redis's default).
      expr: `sum(increase(redis_evicted_keys_total{job="${redisJob}"}[${window('10m')}])) > 0`,
      hold: hold('0m'),
      severity: 'ticket',
      summary: 'Redis evicted {{ $value | humanize }} keys',
      description:
        'Redis must never evict (maxmemory-policy noeviction): an evicted OTP count loosens the limit, an evicted sign-out entry revives a token. Check its maxmemory-policy.',
    }),
  ]

  // kube-state-metrics series (kube-prometheus-stack runs it): the workload itself.
  const workload = [
    alert('StorefrontMetricsAbsent', {
      expr: `absent(up{job="${JOB}"})`,
      hold: hold('5m'),
      severity: 'page',
      summary: 'Prometheus scrapes no storefront replica at all',
      description: `No target of job ${JOB} exists: the Deployment, its Service or the ServiceMonitor is gone, or Prometheus no longer selects it. Every other storefront alert is blind.`,
    }),
    alert('StorefrontPodCrashLooping', {
      expr: `max by (namespace, pod, container) (max_over_time(kube_pod_container_status_waiting_reason{reason="CrashLoopBackOff", pod=~"storefront-.*"}[${window('5m')}])) >= 1`,
      hold: hold('15m'),
      severity: 'ticket',
      summary: 'Container {{ $labels.container }} of {{ $labels.pod }} is crash-looping',
      description:
        'Pod {{ $labels.namespace }}/{{ $labels.pod }} ({{ $labels.container }}) waits in CrashLoopBackOff: it starts and dies again.',
    }),
    alert('StorefrontReplicasMismatch', {
      expr:
        `(kube_deployment_spec_replicas{deployment="storefront"} > kube_deployment_status_replicas_available{deployment="storefront"})\n` +
        `and changes(kube_deployment_status_replicas_updated{deployment="storefront"}[${window('10m')}]) == 0\n` +
        `or kube_statefulset_replicas{statefulset="storefront-redis"} > kube_statefulset_status_replicas_ready{statefulset="storefront-redis"}`,
      hold: hold('15m'),
      severity: 'ticket',
      summary: '{{ $labels.deployment }}{{ $labels.statefulset }} runs fewer ready replicas than it wants',
      description:
        '{{ $labels.namespace }}/{{ $labels.deployment }}{{ $labels.statefulset }} has had fewer available replicas than its spec for 15 minutes, and no rollout is moving.',
    }),
    alert('StorefrontHpaMaxedOut', {
      expr:
        `kube_horizontalpodautoscaler_status_current_replicas{horizontalpodautoscaler="storefront"}\n` +
        `>= kube_horizontalpodautoscaler_spec_max_replicas{horizontalpodautoscaler="storefront"}`,
      hold: hold('15m'),
      severity: 'ticket',
      summary: 'The storefront HPA has sat at its maximum for 15 minutes',
      description:
        'The HPA {{ $labels.namespace }}/storefront runs {{ $value }} replicas, its maxReplicas: it cannot add capacity, CPU and latency rise with load.',
    }),
  ]

  const interval = fast ? '2s' : undefined
  return [
    { name: 'storefront-sli-instance', interval, rules: perInstance },
    { name: 'storefront-sli', interval, rules: slis },
    {
      name: 'storefront-slo-alerts',
      interval,
      rules: [
        ...burn('StorefrontPageErrorBudgetBurn', 'page_error_ratio', SLO.availability, 'availability'),
        ...burn('StorefrontPageLatencyBudgetBurn', 'page_slow_ratio', SLO.latency, 'latency'),
      ],
    },
    { name: 'storefront-cause-alerts', interval, rules: causes },
    { name: 'storefront-redis-alerts', interval, rules: redis },
    { name: 'storefront-workload-alerts', interval, rules: workload },
    webVitalsGroup({
      window,
      hold,
      job: JOB,
      runbookUrl,
      interval,
      ticketLabels: { severity: MONITORING.severities.ticket, service: SERVICE },
    }),
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

/** The operator's objects: our labels, and the ones its selectors pick (MONITORING.ruleLabels). */
const operatorMetadata = (name, app) => ({ name, labels: { app, ...MONITORING.ruleLabels } })

/** The same rules for Prometheus Operator. */
export const prometheusRuleYaml = () =>
  HEADER('PrometheusRule') +
  toYaml({
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: operatorMetadata('storefront', 'storefront'),
    spec: { groups: ruleGroups() },
  })

/**
 * Prometheus Operator's scrapes: the replicas' metrics port every 5 s (job `storefront`, the Service's
 * name) and the Redis exporter's (job `storefront-redis`).
 */
export const serviceMonitorYaml = () =>
  HEADER('ServiceMonitor') +
  [
    { name: JOB, interval: '5s', scrapeTimeout: '4s' },
    { name: MONITORING.redisJob, interval: '15s', scrapeTimeout: '10s' },
  ]
    .map(({ name, interval, scrapeTimeout }) =>
      toYaml({
        apiVersion: 'monitoring.coreos.com/v1',
        kind: 'ServiceMonitor',
        metadata: operatorMetadata(name, name),
        spec: {
          selector: { matchLabels: { app: name } },
          endpoints: [{ port: 'metrics', path: '/metrics', interval, scrapeTimeout }],
        },
      }),
    )
    .join('---\n')

/** The Prometheus config of prod-shape: both replicas every 5 s, the Redis exporter, our rules, Alertmanager. */
export const prometheusConfigYaml = ({ targets, redisExporter, rulesFile, alertmanager, fast }) =>
  toYaml({
    global: { scrape_interval: '5s', scrape_timeout: '4s', evaluation_interval: fast ? '2s' : '30s' },
    rule_files: [rulesFile],
    alerting: { alertmanagers: [{ static_configs: [{ targets: [alertmanager] }] }] },
    scrape_configs: [
      { job_name: JOB, metrics_path: '/metrics', static_configs: [{ targets }] },
      { job_name: MONITORING.redisJob, metrics_path: '/metrics', static_configs: [{ targets: [redisExporter] }] },
    ],
  })

/** Alerts that a cause alert makes redundant while it fires: its symptoms. */
export const INHIBITIONS = [
  {
    // A gateway that answers no replica explains failed pages, slow pages and the error reports.
    source: 'StorefrontGatewayDown',
    targets: ['StorefrontPageErrorBudgetBurn', 'StorefrontPageLatencyBudgetBurn', 'StorefrontErrorReportsHigh'],
  },
  // Redis down explains every fallback.
  { source: 'StorefrontRedisDown', targets: ['StorefrontRedisFallbacks'] },
  // No target at all explains a replica that does not answer.
  { source: 'StorefrontMetricsAbsent', targets: ['StorefrontReplicaDown'] },
]

/**
 * Alertmanager's routing (deploy/monitoring/alertmanager.yml; prod-shape runs it too): pages to the
 * pager receiver, tickets to the ticket receiver, the inhibitions above, and the page of an alert
 * silencing its own ticket. The receivers carry no integration here: a cluster adds its pager's and
 * tracker's (pagerduty_configs, webhook_configs, …) to the two named receivers (deploy/README.md).
 */
export const alertmanagerConfig = ({ fast = false } = {}) => {
  const { page, ticket } = MONITORING.severities
  return {
    route: {
      receiver: 'storefront-tickets',
      group_by: ['alertname', 'service', 'severity'],
      group_wait: fast ? '1s' : '30s',
      group_interval: fast ? '5s' : '5m',
      repeat_interval: '12h',
      routes: [
        { matchers: [`severity="${page}"`], receiver: 'storefront-pager', repeat_interval: '1h' },
        { matchers: [`severity="${ticket}"`], receiver: 'storefront-tickets' },
      ],
    },
    inhibit_rules: [
      ...INHIBITIONS.map(({ source, targets }) => ({
        source_matchers: [`alertname="${source}"`],
        target_matchers: [`alertname=~"${targets.join('|')}"`],
        equal: ['service'],
      })),
      {
        source_matchers: [`severity="${page}"`],
        target_matchers: [`severity="${ticket}"`],
        equal: ['alertname', 'service', 'what'],
      },
    ],
    receivers: [{ name: 'storefront-pager' }, { name: 'storefront-tickets' }],
  }
}

/** The Alertmanager config file (production timing; prod-shape's `fast` shortens the grouping waits). */
export const alertmanagerConfigYaml = ({ fast = false } = {}) =>
  (fast ? '' : HEADER('Alertmanager config')) + toYaml(alertmanagerConfig({ fast }))

/** The committed files and their wanted text. */
export const GENERATED = {
  'deploy/monitoring/storefront.rules.yml': () => rulesYaml(),
  'deploy/prometheus-rule.yaml': prometheusRuleYaml,
  'deploy/service-monitor.yaml': serviceMonitorYaml,
  'deploy/monitoring/alertmanager.yml': () => alertmanagerConfigYaml(),
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
