/**
 * No lockout (decision 026, walkthrough UX4-01): 50 shoppers behind one carrier address sign in at
 * peak. Past the address's `OTP_IP_LIMIT` the captcha is the way through: the mock checks each
 * token under anti-fraud (one use each), as a real gateway does.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { shopperClient } from '#server/test/storefront-client.ts'

let stack: TestApp | undefined
afterEach(async () => {
  await stack?.close()
  stack = undefined
})

/** A captcha token from the mock's emulated widget check. */
async function passCaptcha(mockUrl: string): Promise<string> {
  const response = await fetch(`${mockUrl}/captcha/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sitekey: 'test-key' }),
  })
  return ((await response.json()) as { token: string }).token
}

describe('one address, many shoppers', () => {
  it('signs in 50 shoppers from one address with the default limit of 10 an hour', async () => {
    stack = await startTestApp({
      env: { ANTIFRAUD: 'on', YANDEX_CAPTCHA_KEY: 'test-key', TRUST_PROXY: '127.0.0.1' },
      mock: { config: { logLevel: 'silent', antifraud: true } },
    })
    const outcomes: number[] = []
    for (let i = 0; i < 50; i++) {
      const shopper = shopperClient(stack)
      const phone = `7901${String(i).padStart(7, '0')}`
      const headers = { 'x-forwarded-for': '198.51.100.77' }
      const otp = await shopper.fetch('/aurora-id/v1/auth/otp', {
        method: 'POST',
        headers,
        body: { phone, 'captcha-token': await passCaptcha(stack.mockUrl) },
      })
      if (otp.status !== 200) {
        outcomes.push(otp.status)
        continue
      }
      const { attemptId } = (await otp.json()) as { attemptId: string }
      const check = await shopper.fetch('/aurora-id/v1/auth/otp/check', {
        method: 'POST',
        headers,
        body: { phone, attemptId, code: '12345' },
      })
      outcomes.push(check.status)
    }
    expect(outcomes).toEqual(Array(50).fill(200))
  })

  it("a stranger's sends without a captcha, or with a spent one, cost the owner's phone nothing", async () => {
    // One send an hour and a one-second cooldown: every send a stranger could make count would hold the
    // phone past its limit, and one taken cooldown would refuse the owner (security probe N1).
    stack = await startTestApp({
      env: {
        ANTIFRAUD: 'on',
        YANDEX_CAPTCHA_KEY: 'test-key',
        TRUST_PROXY: '127.0.0.1',
        OTP_PHONE_LIMIT: '1',
        OTP_PHONE_COOLDOWN_S: '1',
      },
      mock: { config: { logLevel: 'silent', antifraud: true } },
    })
    const phone = '79030000001'
    const send = (address: string, captcha?: string) =>
      shopperClient(stack!).fetch('/aurora-id/v1/auth/otp', {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: { phone, ...(captcha === undefined ? {} : { 'captcha-token': captcha }) },
      })
    const spent = await passCaptcha(stack.mockUrl)
    expect((await send('198.51.100.90', spent)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    // Past the hourly limit now: the owner may send once per cooldown. Strangers try to take it first.
    const strangers = []
    for (let i = 0; i < 6; i++) strangers.push((await send(`203.0.113.${i + 1}`)).status)
    strangers.push((await send('203.0.113.50', spent)).status)
    expect(strangers).toEqual(Array(7).fill(400))
    expect((await send('198.51.100.90', await passCaptcha(stack.mockUrl))).status).toBe(200)
  })

  it('without a captcha, refuses past the limit with when to try again', async () => {
    stack = await startTestApp({
      env: { OTP_IP_LIMIT: '2', TRUST_PROXY: '127.0.0.1' },
      mock: { config: { logLevel: 'silent' } },
    })
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 3; i++) {
      last = await shopperClient(stack).fetch('/aurora-id/v1/auth/otp', {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.78' },
        body: { phone: `7902${String(i).padStart(7, '0')}` },
      })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 422])
    const body = (await last!.json()) as { retryAfter: number; message: string }
    expect(body.message).toBe('Попробуйте снова позже')
    expect(body.retryAfter).toBeGreaterThan(3_000)
    expect(body.retryAfter).toBeLessThanOrEqual(3_600)
  })
})
