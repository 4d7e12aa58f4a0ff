/**
 * The Grafana dashboard as code: the committed JSON is the generator's output and a valid Grafana 10
 * model, every metric a panel queries is in the storefront's /metrics (the registry main.ts serves) or
 * recorded by our rules, and every panel a runbook sends the reader to exists.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMetrics } from '#server/metrics.ts'
import {
  DASHBOARD_FILE,
  dashboard,
  dashboardJson,
  dashboardQueries,
  metricNames,
  validateDashboard,
} from './dashboard.mjs'
import { ruleGroups } from './monitoring.mjs'

const root = join(import.meta.dirname, '../..')

/** Metric families of an exposition, with the series names a histogram or summary adds. */
function exposedSeries(text: string): Set<string> {
  const names = new Set<string>()
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!)
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix)
    if (type === 'summary') for (const suffix of ['_count', '_sum']) names.add(name + suffix)
  }
  return names
}

describe('Grafana dashboard', () => {
  it('is the generator’s output and a valid model', async () => {
    expect(readFileSync(join(root, DASHBOARD_FILE), 'utf8')).toBe(await dashboardJson())
    expect(validateDashboard(dashboard())).toEqual([])
    const model = JSON.parse(readFileSync(join(root, DASHBOARD_FILE), 'utf8'))
    expect(model.schemaVersion).toBeGreaterThanOrEqual(36)
    expect(model.templating.list.map((variable: { name: string }) => variable.name)).toEqual(['datasource', 'instance'])
  })

  it('the validator catches overlaps and broken queries', () => {
    const model = dashboard()
    model.panels[2].gridPos = { ...model.panels[1].gridPos }
    model.panels[3].targets[0].expr = 'sum(rate(x[5m])'
    const problems = validateDashboard(model).join('\n')
    expect(problems).toMatch(/overlaps/)
    expect(problems).toMatch(/unbalanced parentheses/)
  })

  it('reads metric names out of PromQL', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (route, le) (rate(http_request_duration_seconds_bucket{job="storefront", route!~"a|b"}[$__rate_interval]))) / on (job) storefront:x:rate5m',
      ).sort(),
    ).toEqual(['http_request_duration_seconds_bucket', 'storefront:x:rate5m'])
  })

  it('every metric a panel queries exists in /metrics or is recorded by the rules', async () => {
    // The registry main.ts serves on METRICS_PORT, with Node's default metrics.
    const metrics = createMetrics()
    const exposed = exposedSeries(await metrics.registry.metrics())
    const recorded = new Set(
      (ruleGroups() as { rules: { record?: string }[] }[]).flatMap((group) =>
        group.rules.flatMap((rule) => (rule.record ? [rule.record] : [])),
      ),
    )
    const queries = dashboardQueries() as { panel: string; expr: string }[]
    expect(queries.length).toBeGreaterThan(25)
    const missing: string[] = []
    for (const { panel, expr } of queries)
      for (const name of metricNames(expr) as string[])
        if (!exposed.has(name) && !recorded.has(name) && name !== 'up') missing.push(`${panel}: ${name}`)
    expect(missing).toEqual([])
    // The names the queries read are real ones, not a parse that found nothing.
    expect(exposed.has('http_request_duration_seconds_bucket')).toBe(true)
    expect(exposed.has('nodejs_eventloop_lag_p99_seconds')).toBe(true)
  })

  it('every panel and row a runbook names is on the dashboard', () => {
    const titles = new Set((dashboard().panels as { title: string }[]).map((panel) => panel.title))
    const dir = join(root, 'docs/runbooks')
    let named = 0
    for (const file of readdirSync(dir).filter((name) => name.startsWith('Storefront'))) {
      const confirm = readFileSync(join(dir, file), 'utf8').split('## Confirm')[1]?.split('\n## ')[0] ?? ''
      expect(confirm, `${file} has a Confirm section`).not.toBe('')
      for (const [, title] of confirm.matchAll(/\*\*([^*]+)\*\*/g)) {
        expect(titles.has(title!), `${file}: ${title}`).toBe(true)
        named++
      }
    }
    expect(named).toBeGreaterThan(9)
  })
})
