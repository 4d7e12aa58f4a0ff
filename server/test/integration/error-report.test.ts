import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { startRecordingUpstream, waitFor } from '#server/test/http.ts'

type Upstream = Awaited<ReturnType<typeof startRecordingUpstream>>
let stack: TestApp | undefined
let sink: Upstream | undefined

afterEach(async () => {
  await stack?.close()
  await sink?.close()
  stack = sink = undefined
})

/** A store whose error reports go to a recording stand-in service. */
async function start(env: Record<string, string> = {}) {
  sink = await startRecordingUpstream(() => ({ status: 204, body: '' }))
  stack = await startTestApp({
    env: { ERROR_REPORT_URL: `${sink.url}/reports`, ...env },
    mock: { config: { logLevel: 'silent' } },
  })
  return { s: stack, reports: sink }
}

const post = (s: TestApp, path: string, body: string, headers: Record<string, string> = {}) =>
  s.request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url, ...headers }, body })

describe('error reports are about server faults', () => {
  it('reports no client mistake (empty JSON, 413, 415, prototype keys), only the server fault after them', async () => {
    const { s, reports } = await start()
    const mistakes = [
      await post(s, '/api/error-report', ''),
      await post(s, '/aurora-id/v1/auth/otp', JSON.stringify({ phone: 'x'.repeat(100 * 1024) })),
      await post(s, '/api/error-report', '<report/>', { 'content-type': 'application/xml' }),
      await post(s, '/api/error-report', '{"__proto__":{"polluted":1},"message":"x"}'),
      await post(s, '/aurora-id/v1/auth/otp', '{"constructor":{"prototype":{"polluted":1}}}'),
      await post(s, '/analytics/collect', '{'),
    ]
    for (const answer of mistakes) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    // A real server fault afterwards: once its report has arrived, no other report came before it.
    await s.stopGateway()
    const outage = await s.request('/cookie-policy')
    expect(outage.status).toBeGreaterThanOrEqual(500)
    await waitFor(async () => reports.requests.length > 0)
    expect(reports.requests).toHaveLength(1)
    // The alert StorefrontErrorReportsHigh counts them.
    expect((await s.metrics.errorReports.get()).values).toEqual([
      expect.objectContaining({ labels: { source: 'server' }, value: 1 }),
    ])
  })
})

describe('the error-report route', () => {
  it('takes at most 10 reports a minute from one client and answers 429 beyond', async () => {
    const { s, reports } = await start({ TRUST_PROXY: '127.0.0.1' })
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      statuses.push(
        (
          await post(s, '/api/error-report', JSON.stringify({ message: `boom ${i}` }), {
            'x-forwarded-for': '203.0.113.7',
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204))
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]))
    // Another client is not affected.
    expect(
      (await post(s, '/api/error-report', '{"message":"other"}', { 'x-forwarded-for': '203.0.113.8' })).status,
    ).toBe(204)
    await waitFor(async () => reports.requests.length === 11)
    expect((await s.metrics.errorReports.get()).values).toEqual([
      expect.objectContaining({ labels: { source: 'browser' }, value: 11 }),
    ])
  })
})
