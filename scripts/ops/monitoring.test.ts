/**
 * The alerts as code: the committed rules and Alertmanager config are the source's output, `promtool check
 * rules` accepts the production and the chaos (fast) rules, `promtool test rules` passes the unit tests of
 * every alert, `amtool` accepts the routing, each alert has its runbook (an absolute link) and a unit
 * test, severities and operator labels are the configured ones, and the page selector of the SLIs
 * matches every page route.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ROUTES } from '#shared/routing/routes.ts'
import {
  GENERATED,
  INHIBITIONS,
  MONITORING,
  NON_PAGE_ROUTES,
  alertNames,
  alertmanagerConfigYaml,
  prometheusRuleYaml,
  ruleGroups,
  rulesYaml,
  runbookPath,
  runbookUrl,
  serviceMonitorYaml,
} from './monitoring.mjs'

const root = join(import.meta.dirname, '../..')
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool'
/** The promtool unit tests: the storefront's, and the field Web Vitals' group's of its own. */
const TEST_DIR = join(root, 'deploy/monitoring/tests')
const TESTS = readdirSync(TEST_DIR)
  .filter((file) => file.endsWith('.test.yml'))
  .map((file) => join(TEST_DIR, file))
/** amtool ships with Debian's prometheus-alertmanager, installed beside promtool. */
const AMTOOL = process.env.AMTOOL_PATH ?? '/usr/bin/amtool'

/** promtool from Debian's prometheus package, installed as root when missing (like redis-server). */
function ensurePromtool(): string | undefined {
  if (existsSync(PROMTOOL)) return PROMTOOL
  if (process.getuid?.() !== 0 || process.env.PROMTOOL_PATH) return undefined
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', timeout: 300_000 })
  if (update.status === 0)
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'prometheus'], {
      stdio: 'inherit',
      env,
      timeout: 600_000,
    })
  return existsSync(PROMTOOL) ? PROMTOOL : undefined
}

const promtool = ensurePromtool()
if (!promtool)
  console.warn(
    `promtool tests skipped: ${PROMTOOL} is missing and this is not root. Install it with: sudo apt-get install -y prometheus`,
  )

const run = (args: string[]) => {
  const result = spawnSync(promtool!, args, { cwd: root, encoding: 'utf8', timeout: 110_000 })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('alert rules as code', () => {
  it('the committed rules, PrometheusRule and ServiceMonitor are the source’s output', () => {
    for (const [file, render] of Object.entries(GENERATED as Record<string, () => string>))
      expect(readFileSync(join(root, file), 'utf8'), `${file}: run node scripts/ops/monitoring.mjs`).toBe(render())
  })

  it('every alert has a runbook and a promtool unit test', () => {
    const tests = TESTS.map((file) => readFileSync(file, 'utf8')).join('\n')
    const names = alertNames() as string[]
    expect(names.length).toBeGreaterThanOrEqual(9)
    for (const name of names) {
      expect(existsSync(join(root, runbookPath(name))), runbookPath(name)).toBe(true)
      expect(tests, `a unit test of ${name}`).toMatch(
        new RegExp(`alertname: ${name}\\n\\s+eval_time: \\S+\\n\\s+exp_alerts:\\n`),
      )
    }
    for (const rule of (
      ruleGroups() as { rules: { alert?: string; annotations?: { runbook_url?: string } }[] }[]
    ).flatMap((group) => group.rules))
      if (rule.alert) {
        expect(rule.annotations?.runbook_url).toBe(runbookUrl(rule.alert))
        expect(runbookUrl(rule.alert)).toBe(`${MONITORING.runbookBaseUrl}/${rule.alert}.md`)
        expect(rule.annotations?.runbook_url).toMatch(/^https:\/\//)
      }
  })

  it('alerts page or ticket with the configured severities and carry the service label', () => {
    const rules = (ruleGroups() as { rules: { alert?: string; labels?: Record<string, string> }[] }[])
      .flatMap((group) => group.rules)
      .filter((rule) => rule.alert)
    expect(MONITORING.severities).toEqual({ page: 'critical', ticket: 'warning' })
    for (const rule of rules) {
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels?.severity)
      expect(rule.labels?.service, rule.alert).toBe('storefront')
    }
    // The Workbook's three tiers, for both SLOs: 2 %/1 h and 5 %/6 h page, 10 %/3 d tickets.
    for (const name of ['StorefrontPageErrorBudgetBurn', 'StorefrontPageLatencyBudgetBurn'])
      expect(
        rules
          .filter((rule) => rule.alert === name)
          .map((rule) => `${rule.labels?.long_window}/${rule.labels?.short_window} ${rule.labels?.severity}`),
      ).toEqual(['1h/5m critical', '6h/30m critical', '3d/6h warning'])
  })

  it('the operator objects carry the labels kube-prometheus-stack selects by', () => {
    expect(MONITORING.ruleLabels).toEqual({ release: 'kube-prometheus-stack' })
    expect(prometheusRuleYaml()).toContain('    release: kube-prometheus-stack\n')
    expect(serviceMonitorYaml().match(/release: kube-prometheus-stack/g)).toHaveLength(2)
  })

  it('the page selector counts every page route and nothing else', () => {
    const nonPage = new RegExp(`^(?:${NON_PAGE_ROUTES})$`)
    for (const route of Object.values(ROUTES)) expect(nonPage.test(route.name), route.name).toBe(false)
    for (const name of ['not-found', 'profile'] as const) expect(nonPage.test(name), name).toBe(false)
    for (const name of ['proxy:goods.search', 'auth.otp.request', 'session', 'session.logout', 'static', 'healthz'])
      expect(nonPage.test(name), name).toBe(true)
  })

  it('the chaos rules keep the names and shorten every window and hold', () => {
    const fast = rulesYaml({ fast: true }) as string
    expect(fast).toContain('rate(http_request_duration_seconds_count{job="storefront", method="GET"')
    expect(fast).toContain('[20s]')
    expect(fast).not.toMatch(/\[(?:5m|10m|15m|30m|1h|6h|3d|1w)\]/)
    expect(fast).toContain("interval: '2s'")
    const names = (groups: { rules: { alert?: string; record?: string }[] }[]) =>
      groups.flatMap((group) => group.rules.map((rule) => rule.alert ?? rule.record))
    expect(names(ruleGroups({ fast: true }))).toEqual(names(ruleGroups()))
  })
})

describe.skipIf(!promtool || !existsSync(AMTOOL))('promtool and amtool', () => {
  const dir = mkdtempSync(join(tmpdir(), 'promtool-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('checks the production and the chaos rules', () => {
    const fast = join(dir, 'fast.rules.yml')
    writeFileSync(fast, rulesYaml({ fast: true }))
    for (const file of ['deploy/monitoring/storefront.rules.yml', fast]) {
      const { status, output } = run(['check', 'rules', file])
      expect(output).toMatch(/SUCCESS: \d+ rules found/)
      expect(status, output).toBe(0)
    }
  })

  it('Alertmanager accepts the routing; pages and tickets reach their receivers', () => {
    const config = join(root, 'deploy/monitoring/alertmanager.yml')
    const check = spawnSync(AMTOOL, ['check-config', config], { encoding: 'utf8', timeout: 30_000 })
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0)
    expect(check.stdout).toContain(`${INHIBITIONS.length + 1} inhibit rules`)
    const route = (labels: string[]) =>
      spawnSync(AMTOOL, ['config', 'routes', 'test', `--config.file=${config}`, ...labels], {
        encoding: 'utf8',
        timeout: 30_000,
      }).stdout.trim()
    expect(route(['alertname=StorefrontGatewayDown', 'severity=critical'])).toBe('storefront-pager')
    expect(route(['alertname=StorefrontEventLoopLag', 'severity=warning'])).toBe('storefront-tickets')
    // prod-shape runs the same routing, with shorter waits.
    expect(alertmanagerConfigYaml({ fast: true })).toContain('storefront-pager')
  })

  it('passes the unit tests of every alert', { timeout: 120_000 }, () => {
    const { status, output } = run(['test', 'rules', ...TESTS])
    expect(status, output).toBe(0)
    expect(output).toContain('SUCCESS')
  })
})
