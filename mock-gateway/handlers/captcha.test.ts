import { describe, expect, it } from 'vitest'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { createManualClock } from '../clock.ts'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call } from '../testing.ts'
import { CAPTCHA_TOKEN_TTL_MS } from './captcha.ts'

const requestCode = (gateway: MockGateway, extra: Record<string, unknown> = {}) =>
  call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: DEFAULT_AUD, phone: '79000000001', ...extra } })
/** Ticks the widget's box: the check the widget script does. */
const passCaptcha = async (gateway: MockGateway): Promise<string> =>
  (
    await call(gateway, 'POST', '/captcha/check', {
      body: { sitekey: 'test-key' },
      headers: { 'content-type': 'text/plain' },
    })
  ).body.token

describe('captcha emulation', () => {
  it('serves a widget script that defines smartCaptcha.render and reset', async () => {
    const gateway = await createMockGateway()
    const script = await call(gateway, 'GET', '/captcha/captcha.js')
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(script.body).toContain('window.smartCaptcha')
    expect(script.body).toMatch(/render\(container, options\)[\s\S]*reset\(id\)/)
  })

  it('lets the storefront origin read the check answer and its preflight', async () => {
    const gateway = await createMockGateway({ config: { storefrontOrigin: 'http://shop.test' } })
    const check = await call(gateway, 'POST', '/captcha/check', { body: { sitekey: 'k' } })
    expect(check.status).toBe(200)
    expect(check.headers.get('access-control-allow-origin')).toBe('http://shop.test')
    expect((await call(gateway, 'OPTIONS', '/captcha/check')).status).toBe(204)
    expect((await call(gateway, 'POST', '/captcha/check', { body: {} })).status).toBe(400)
  })

  it('answers CaptchaError under anti-fraud without a token, with an unknown one, and with a used one', async () => {
    const gateway = await createMockGateway({ config: { antifraud: true } })
    expect(await requestCode(gateway)).toMatchObject({ status: 400, body: { code: 'CaptchaError' } })
    expect(await requestCode(gateway, { 'captcha-token': 'made-up' })).toMatchObject({
      status: 400,
      body: { code: 'CaptchaError' },
    })
    const token = await passCaptcha(gateway)
    expect((await requestCode(gateway, { 'captcha-token': token })).status).toBe(200)
    expect(await requestCode(gateway, { 'captcha-token': token })).toMatchObject({
      status: 400,
      body: { code: 'CaptchaError' },
    })
  })

  it('answers CaptchaError for a token older than its lifetime', async () => {
    const clock = createManualClock(Date.UTC(2025, 5, 1))
    const gateway = await createMockGateway({ clock, config: { antifraud: true } })
    const token = await passCaptcha(gateway)
    clock.advance(CAPTCHA_TOKEN_TTL_MS + 1)
    expect(await requestCode(gateway, { 'captcha-token': token })).toMatchObject({
      status: 400,
      body: { code: 'CaptchaError' },
    })
  })

  it('needs no token while anti-fraud is off', async () => {
    const gateway = await createMockGateway()
    expect((await requestCode(gateway)).status).toBe(200)
  })
})

describe('device fingerprint emulation', () => {
  it('issues a token for a client id and records it when it comes with a code request', async () => {
    const gateway = await createMockGateway()
    const issued = await call(gateway, 'POST', '/kfp/token', {
      body: { cid: 'aurora-web-kfp', deviceId: 'ABCDEF0123456789' },
    })
    expect(issued.status).toBe(200)
    expect(issued.body.token).toMatch(/^kfp\./)
    expect((await requestCode(gateway, { fingerprintToken: issued.body.token })).status).toBe(200)
    await requestCode(gateway, { fingerprintToken: 'forged' })
    const log = await call(gateway, 'GET', '/__mock/fingerprints')
    expect(log.body.received).toMatchObject([
      { token: issued.body.token, phone: '79000000001', known: true },
      { token: 'forged', known: false },
    ])
  })

  it('refuses a request without a client id', async () => {
    const gateway = await createMockGateway()
    expect((await call(gateway, 'POST', '/kfp/token', { body: { deviceId: 'ABCDEF0123456789' } })).status).toBe(400)
  })

  it('answers a switched-on fault readable by the browser, its preflight unfaulted', async () => {
    const gateway = await createMockGateway({ config: { storefrontOrigin: 'http://shop.test' } })
    gateway.state.faults.add({ path: '/kfp/*', status: 503 })
    const answer = await call(gateway, 'POST', '/kfp/token', { body: { cid: 'c' } })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://shop.test')
    expect((await call(gateway, 'OPTIONS', '/kfp/token')).status).toBe(204)
  })
})
