/**
 * Chaos to alert on the real stack: two scenarios of `npm run chaos` on the production shape (nginx,
 * two replicas, Redis, the mock, Prometheus with the fast rules, Alertmanager). Each checks what the
 * shopper sees, that the alert fires in Prometheus and reaches Alertmanager, and that it resolves; Redis
 * killed also shows Alertmanager inhibiting the fallback page behind StorefrontRedisDown.
 */
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatTable, runChaos } from './chaos.mjs'
import { dashboardQueries } from './dashboard.mjs'

const PROGRAMS = [
  '/usr/sbin/nginx',
  '/usr/bin/prometheus',
  '/usr/bin/prometheus-alertmanager',
  '/usr/bin/redis-server',
  '/usr/bin/prometheus-redis-exporter',
]
const missing = PROGRAMS.filter((path) => !existsSync(path))
// As root, prod-shape installs what is missing; otherwise the test says what to install.
const runnable = missing.length === 0 || process.getuid?.() === 0
if (!runnable)
  console.warn(
    `chaos test skipped: ${missing.join(', ')} missing and not root. Install: sudo apt-get install -y nginx prometheus prometheus-alertmanager redis-server prometheus-redis-exporter`,
  )

describe.skipIf(!runnable)('chaos on the production shape', () => {
  it(
    'the gateway down and Redis killed: the shopper sees the outage page and a refused OTP, the alerts fire and resolve',
    { timeout: 480_000 },
    async () => {
      // Every query of the Grafana dashboard runs in this Prometheus (its variables filled in) and finds data.
      const failedQueries: string[] = []
      const empty: string[] = []
      const onReady = async (shape: { urls: { prometheus: string } }) => {
        for (const { panel, expr } of dashboardQueries()) {
          const query = expr.replaceAll('$instance', '.*').replaceAll('$__rate_interval', '20s')
          const response = await fetch(`${shape.urls.prometheus}/api/v1/query?query=${encodeURIComponent(query)}`)
          const body = (await response.json()) as { status: string; error?: string; data?: { result: unknown[] } }
          if (body.status !== 'success') failedQueries.push(`${panel}: ${body.error}`)
          else if (body.data?.result.length === 0) empty.push(panel)
        }
      }
      const rows = await runChaos({ scenarios: ['gateway-down', 'redis-killed'], onReady })
      expect(failedQueries).toEqual([])
      console.log(`dashboard panels without data before any fault: ${empty.join(', ') || 'none'}`)
      console.log(formatTable(rows))
      expect(rows.map((row) => row.scenario)).toEqual(['gateway-down', 'redis-killed'])
      expect(rows[0]!.seen).toMatch(/cached \/ 200; uncached page 50[234] «Сайт временно не работает»/)
      expect(rows[1]!.seen).toContain('OTP 422 «Попробуйте снова позже»')
      // Redis down pages once: its symptom's page is inhibited in Alertmanager.
      expect(rows[1]!.alert).toBe('StorefrontRedisDown')
      expect(rows[1]!.inhibited).toBe('StorefrontRedisFallbacks inhibited')
      for (const row of rows) {
        expect(row.fired, `${row.alert} fired`).toMatch(/^\d+ s, in Alertmanager$/)
        expect(row.resolved, `${row.alert} resolved`).toMatch(/^\d+ s after clearing$/)
        expect(row.ok, row.scenario).toBe(true)
      }
    },
  )
})
