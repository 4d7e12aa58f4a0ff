import { describe, expect, it } from 'vitest'
import { createDevLog, startBanner } from './dev-log.mjs'

const time = Date.parse('2026-03-02T09:00:00Z')
const at = new Date(time)
const hhmmss = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')

describe("npm start's readable log", () => {
  it("folds Fastify's two lines of a request into one, under the store's label", () => {
    const format = createDevLog('store')
    const incoming = {
      level: 30,
      time,
      reqId: 'r1',
      req: { method: 'GET', url: '/product/10019' },
      msg: 'incoming request',
    }
    expect(format(JSON.stringify(incoming))).toBeUndefined()
    const done = {
      level: 30,
      time,
      reqId: 'r1',
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    }
    expect(format(JSON.stringify(done))).toBe(`${hhmmss} store GET /product/10019 200 12 ms`)
  })

  it("writes the mock's request lines and other lines with their fields", () => {
    const format = createDevLog('mock ')
    const line = {
      level: 30,
      time,
      service: 'mock-gateway',
      method: 'POST',
      path: '/aurora-id/v1/auth/otp',
      status: 422,
      durationMs: 3,
      msg: 'request',
    }
    expect(format(JSON.stringify(line))).toBe(`${hhmmss} mock  POST /aurora-id/v1/auth/otp 422 3 ms`)
    expect(format(JSON.stringify({ level: 40, time, msg: 'slow', ms: 900 }))).toBe(`${hhmmss} mock  WARN slow ms=900`)
    expect(format('not json')).toMatch(/ mock {2}not json$/)
  })

  it('prints a banner with the URLs and the seed shoppers', () => {
    const banner = startBanner({
      storeUrl: 'http://127.0.0.1:3000',
      mockUrl: 'http://127.0.0.1:4010',
      metricsUrl: 'http://127.0.0.1:9464/metrics',
      otpCode: '12345',
    })
    for (const text of [
      'http://127.0.0.1:3000',
      'http://127.0.0.1:4010/__mock/',
      'http://127.0.0.1:9464/metrics',
      '+7 (900) 000-00-01',
      'SMS code 12345',
    ])
      expect(banner).toContain(text)
  })
})
