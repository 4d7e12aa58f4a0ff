/**
 * The profile link's cross-token exchange through our server (spec section 7) against the real mock
 * gateway: a complete profile gets the main site's profile URL with the token, an incomplete one the
 * `incompleteProfile` reaction, and an anonymous visitor 401.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { GATEWAY_CODE_MESSAGES } from '#shared/api/errors.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }
const EXCHANGE = '/aurora-id/v1/auth/cross-token/exchange'

let stack: TestApp | undefined
afterEach(async () => {
  await stack?.close()
  stack = undefined
})

/** A cookie jar of name=value pairs, enough for these calls. */
function jar() {
  const cookies = new Map<string, string>()
  return {
    cookies,
    async call(s: TestApp, path: string, body: unknown = {}): Promise<Response> {
      const response = await s.fetch(path, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: JSON.stringify(body),
      })
      for (const raw of response.headers.getSetCookie()) {
        const [pair] = raw.split(';')
        const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
        if (!value || /Max-Age=0/i.test(raw)) cookies.delete(name)
        else cookies.set(name, value)
      }
      return response
    },
  }
}

async function signIn(s: TestApp, phone: string) {
  const j = jar()
  const otp = (await (await j.call(s, '/aurora-id/v1/auth/otp', { phone })).json()) as { attemptId: string }
  await j.call(s, '/aurora-id/v1/auth/otp/check', { phone, attemptId: otp.attemptId, code: '12345' })
  expect((await j.call(s, '/aurora-id/v1/auth/token')).status).toBe(200)
  return j
}

describe('cross-token exchange of the profile link', () => {
  it('answers the main site profile URL carrying a cross token for a complete profile', async () => {
    stack = await startTestApp({ env: { MAIN_SITE_URL: 'https://main.example/lk' } })
    const anna = await signIn(stack, '79000000001')
    const response = await anna.call(stack, EXCHANGE)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { location } = (await response.json()) as { location: string }
    const url = new URL(location)
    expect(url.origin + url.pathname).toBe('https://main.example/lk/profile')
    expect(url.searchParams.get('crossToken')).toMatch(/^[\w-]{20,}$/)
    // The session's own tokens never appear in the answer.
    expect(location).not.toContain(anna.cookies.get('access_token'))
  })

  it('answers incompleteProfile with its Russian text and marks the profile incomplete', async () => {
    stack = await startTestApp()
    const shopper = await signIn(stack, '79000000002')
    shopper.cookies.delete('incomplete_profile')
    const response = await shopper.call(stack, EXCHANGE)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      code: 'incompleteProfile',
      message: GATEWAY_CODE_MESSAGES.incompleteProfile,
    })
    expect(shopper.cookies.get('incomplete_profile')).toBe('1')
  })

  it('answers 401 to a visitor without a session', async () => {
    stack = await startTestApp()
    expect((await jar().call(stack, EXCHANGE)).status).toBe(401)
  })
})
