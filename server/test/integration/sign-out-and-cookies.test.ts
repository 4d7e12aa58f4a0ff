/**
 * The session's promises against the real mock gateway: sign-out ends the session (its tokens are
 * refused afterwards), sign-in gives a fresh session id, cookies live as long as their tokens and take
 * `__Host-` names over https, and the OTP limits key on the address's /64 and on the phone.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'

const QUIET = { config: { logLevel: 'silent' } }
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }

let stack: TestApp | undefined
afterEach(async () => {
  await stack?.close()
  stack = undefined
})

/** Cookies by name: the value and the raw Set-Cookie line. */
type Jar = Map<string, { value: string; raw: string }>

const cookieHeader = (jar: Jar, path = '/') =>
  [...jar]
    .filter(([, c]) => path.startsWith(/;\s*Path=([^;]+)/i.exec(c.raw)?.[1] ?? '/'))
    .map(([name, c]) => `${name}=${c.value}`)
    .join('; ')

async function call(s: TestApp, jar: Jar, method: string, path: string, body?: unknown, headers = {}) {
  const response = await s.fetch(path, {
    method,
    headers: { ...SAME_ORIGIN, ...headers, cookie: cookieHeader(jar, path) },
    body: body === undefined ? null : JSON.stringify(body),
    redirect: 'manual',
  })
  for (const raw of response.headers.getSetCookie()) {
    const pair = raw.split(';')[0]!
    const name = pair.slice(0, pair.indexOf('='))
    const value = pair.slice(pair.indexOf('=') + 1)
    if (value === '' || /Max-Age=0/i.test(raw) || /Expires=Thu, 01 Jan 1970/i.test(raw)) jar.delete(name)
    else jar.set(name, { value, raw })
  }
  return response
}

async function signIn(s: TestApp, jar: Jar, phone = '79000000001') {
  const otp = await call(s, jar, 'POST', '/aurora-id/v1/auth/otp', { phone })
  expect(otp.status).toBe(200)
  const { attemptId } = (await otp.json()) as { attemptId: string }
  expect((await call(s, jar, 'POST', '/aurora-id/v1/auth/otp/check', { phone, attemptId, code: '12345' })).status).toBe(
    200,
  )
  expect((await call(s, jar, 'POST', '/aurora-id/v1/auth/token', {})).status).toBe(200)
}

const maxAge = (raw: string | undefined) => Number(/Max-Age=(\d+)/i.exec(raw ?? '')?.[1])

describe('sign-out', () => {
  it('ends the session: the old refresh token is refused afterwards and the browser drops its cookies', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar: Jar = new Map()
    await signIn(stack, jar)
    const kept = new Map(jar)
    const out = await call(stack, jar, 'POST', '/api/session/logout', {})
    expect(out.status).toBe(204)
    expect(out.headers.get('clear-site-data')).toBe('"cookies", "storage"')
    expect(jar.get('access_token')).toBeUndefined()

    // Someone who kept the cookies replays them.
    const refreshed = await call(stack, kept, 'POST', '/aurora-id/v1/auth/token/refresh', {})
    expect(refreshed.status).toBe(401)
    expect(refreshed.headers.getSetCookie().some((c) => /^access_token=[^;]/.test(c))).toBe(false)
    const orders = await call(stack, kept, 'GET', '/webgate/v1/orders')
    expect(orders.status).toBe(401)
    const session = await call(stack, kept, 'GET', '/api/session')
    expect(await session.json()).toMatchObject({ authorized: false })
  })
})

describe('session cookies', () => {
  it('gives a new session id at sign-in, whatever id was planted before it', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar: Jar = new Map([
      ['session_id', { value: 'planted-by-someone', raw: 'session_id=planted-by-someone; Path=/' }],
    ])
    await signIn(stack, jar)
    expect(jar.get('session_id')?.value).toMatch(/^[0-9a-f]{32}$/)
  })

  it('lets each token cookie live as long as its token, not a year', async () => {
    stack = await startTestApp({ mock: { config: { accessTtlS: 900, logLevel: 'silent' } } })
    const jar: Jar = new Map()
    await signIn(stack, jar)
    const access = maxAge(jar.get('access_token')?.raw)
    expect(access).toBeGreaterThan(800)
    expect(access).toBeLessThanOrEqual(900)
    expect(maxAge(jar.get('refresh_token')?.raw)).toBe(30 * 24 * 3600)
  })

  it('sets the new cookies of a refresh at the edge: no route commits them by hand', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar: Jar = new Map()
    await signIn(stack, jar)
    const before = jar.get('access_token')?.value
    const refreshed = await call(stack, jar, 'POST', '/aurora-id/v1/auth/token/refresh', {})
    expect(refreshed.status).toBe(204)
    const after = jar.get('access_token')?.value
    expect(after).toBeDefined()
    expect(after).not.toBe(before)
    expect(maxAge(jar.get('refresh_token')?.raw)).toBe(30 * 24 * 3600)
  })

  it('keeps a session whose access cookie expired: the refresh token renews it', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar: Jar = new Map()
    await signIn(stack, jar)
    jar.delete('access_token')
    const profile = await call(stack, jar, 'GET', '/aurora-id/v1/profile')
    expect(profile.status).toBe(200)
    expect(jar.get('access_token')).toBeDefined()
  })

  it('names the server-only cookies __Host- and marks them Secure when PUBLIC_ORIGIN is https', async () => {
    stack = await startTestApp({ env: { PUBLIC_ORIGIN: 'https://shop.example' }, mock: QUIET })
    const jar: Jar = new Map()
    await signIn(stack, jar)
    for (const name of ['__Host-access_token', '__Host-refresh_token', '__Host-session_id', '__Host-session_user']) {
      const raw = jar.get(name)?.raw
      expect(raw, name).toMatch(/;\s*Secure/i)
      expect(raw, name).toMatch(/;\s*Path=\//i)
      expect(raw, name).not.toMatch(/Domain=/i)
    }
    expect(jar.get('access_token')).toBeUndefined()
    // page script's cookies keep their contract names
    expect(jar.get('user_id')?.value).toBe('100001')
    const profile = await call(stack, jar, 'GET', '/aurora-id/v1/profile')
    expect(profile.status).toBe(200)
  })
})

describe('the OTP limits', () => {
  const send = (s: TestApp, ip: string, phone: string) =>
    call(s, new Map(), 'POST', '/aurora-id/v1/auth/otp', { phone }, { 'x-forwarded-for': ip })

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as their IPv4 address', async () => {
    stack = await startTestApp({ env: { OTP_IP_LIMIT: '2', TRUST_PROXY: '127.0.0.1' }, mock: QUIET })
    const v6 = ['2001:db8:5:6::1', '2001:db8:5:6:ffff::2', '2001:db8:5:6:1:2:3:4']
    const statuses = []
    for (const [i, ip] of v6.entries()) statuses.push((await send(stack, ip, `7900000310${i}`)).status)
    expect(statuses).toEqual([200, 200, 422])
    expect((await send(stack, '2001:db8:5:7::1', '79000003110')).status).toBe(200)

    const v4 = [(await send(stack, '198.51.100.20', '79000003120')).status]
    v4.push((await send(stack, '198.51.100.20', '79000003121')).status)
    v4.push((await send(stack, '::ffff:198.51.100.20', '79000003122')).status)
    expect(v4).toEqual([200, 200, 422])
  })

  it('counts sends per phone at the server, below what the gateway allows', async () => {
    stack = await startTestApp({ env: { OTP_PHONE_LIMIT: '1', TRUST_PROXY: '127.0.0.1' }, mock: QUIET })
    expect((await send(stack, '198.51.100.1', '79000003200')).status).toBe(200)
    // Another address, the same phone: the mock would allow 3 a minute; the server allows 1 an hour.
    const second = await send(stack, '198.51.100.2', '79000003200')
    expect(second.status).toBe(422)
    const refusal = (await second.json()) as { retryAfter: number }
    expect(refusal).toMatchObject({ code: 'unprocessableEntity', message: 'Попробуйте снова позже' })
    // It says when a new code can be sent (decision 026): within the phone's cooldown, not the hour.
    expect(refusal.retryAfter).toBeGreaterThan(0)
    expect(refusal.retryAfter).toBeLessThanOrEqual(60)
    expect(second.headers.get('retry-after')).toBe(String(refusal.retryAfter))
  })

  it('never locks the owner out: past the per-phone limit one code per cooldown still goes', async () => {
    stack = await startTestApp({
      env: { OTP_PHONE_LIMIT: '2', OTP_PHONE_COOLDOWN_S: '1', TRUST_PROXY: '127.0.0.1' },
      mock: QUIET,
    })
    const phone = '79000003300'
    expect((await send(stack, '198.51.100.1', phone)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await send(stack, '198.51.100.2', phone)).status).toBe(200)
    // Over the hourly limit now: refused with the time left, not for the hour.
    const refused = await send(stack, '198.51.100.3', phone)
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(1)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await send(stack, '198.51.100.4', phone)).status).toBe(200)
  })
})
