import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { startRecordingUpstream, waitFor } from '#server/test/http.ts'

type Upstream = Awaited<ReturnType<typeof startRecordingUpstream>>
let stack: TestApp | undefined
let collector: Upstream | undefined

afterEach(async () => {
  await stack?.close()
  await collector?.close()
  stack = collector = undefined
})

/** A store with analytics on, forwarding to a recording collector. */
async function start() {
  collector = await startRecordingUpstream(() => ({ status: 204, body: '' }))
  stack = await startTestApp({
    env: { ANALYTICS_COUNTER_ID: 'c1', ANALYTICS_URL: `${collector.url}/collect` },
    mock: { config: { logLevel: 'silent' } },
  })
  return { s: stack, c: collector }
}

const post = (s: TestApp, body: string, type = 'application/json') =>
  s.request('/analytics/collect', { method: 'POST', headers: { 'content-type': type, origin: s.url }, body })

/** `{"a":{"a":…}}` nested `depth` levels, built as text (JSON.stringify itself would overflow). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

const counted = async (s: TestApp, accepted: 'true' | 'false') =>
  (await s.metrics.analyticsEvents.get()).values.find((v) => v.labels.accepted === accepted)?.value ?? 0

describe('the analytics collector', () => {
  it('accepts and forwards a batch as the browser sends it', async () => {
    const { s, c } = await start()
    const batch = {
      counterId: 'c1',
      userUuid: 'u-1',
      events: [{ name: 'cookies_view', params: { source: 'banner', price: 10, ok: true, none: null }, timestamp: 1 }],
    }
    expect((await post(s, JSON.stringify(batch))).status).toBe(204)
    await waitFor(async () => c.requests.length === 1)
    expect(await counted(s, 'true')).toBe(1)
  })

  it.each([
    ['params nested 10,000 deep', `{"counterId":"c1","events":[{"name":"x","params":${nested(10_000)}}]}`],
    ['a param that is an object', '{"counterId":"c1","events":[{"name":"x","params":{"a":{"b":1}}}]}'],
    [
      'a 5,000-character param',
      JSON.stringify({ counterId: 'c1', events: [{ name: 'x', params: { a: 'x'.repeat(5000) } }] }),
    ],
    [
      '200 params',
      JSON.stringify({
        counterId: 'c1',
        events: [{ name: 'x', params: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, i])) }],
      }),
    ],
  ])('answers 400 to %s, counts it as refused and forwards nothing', async (_case, body) => {
    const { s, c } = await start()
    const response = await post(s, body)
    expect(response.status).toBe(400)
    expect(await counted(s, 'true')).toBe(0)
    expect(await counted(s, 'false')).toBe(1)
    expect(c.requests).toHaveLength(0)
  })

  it('answers 400 to a deeply nested sendBeacon (text/plain) body', async () => {
    const { s } = await start()
    expect(
      (await post(s, `{"counterId":"c1","events":[{"name":"x","params":${nested(10_000)}}]}`, 'text/plain')).status,
    ).toBe(400)
  })

  it('never forwards fields of an event that the browser does not send', async () => {
    const { s, c } = await start()
    const body = `{"counterId":"c1","events":[{"name":"x","params":{},"timestamp":1,"extra":${nested(10_000)}}]}`
    expect((await post(s, body)).status).toBe(204)
    await waitFor(async () => c.requests.length === 1)
    expect(await counted(s, 'true')).toBe(1)
  })
})
