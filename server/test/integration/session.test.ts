/**
 * Server-held sessions against the real mock gateway: sign-in through our own login routes, one
 * refresh shared by concurrent requests, a revoked session rendering anonymous, no token ever
 * readable by the page, and cross-site state changes refused.
 */
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { createManualClock } from '#mock/index.ts'

/** A tiny cookie jar: name → value and attributes of the last Set-Cookie. */
class Jar {
  readonly cookies = new Map<string, { value: string; raw: string }>()

  header(path = '/'): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => {
        const cookiePath = /;\s*Path=([^;]+)/i.exec(cookie.raw)?.[1] ?? '/'
        return path.startsWith(cookiePath)
      })
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ')
  }

  take(response: Response): string[] {
    const set = response.headers.getSetCookie()
    for (const raw of set) {
      const [pair] = raw.split(';')
      const index = pair!.indexOf('=')
      const name = pair!.slice(0, index)
      const value = pair!.slice(index + 1)
      const expired = /Max-Age=0/i.test(raw) || /Expires=Thu, 01 Jan 1970/i.test(raw) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, { value, raw })
    }
    return set
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value
  }
}

/** The mock gateway without request logs. */
const QUIET = { config: { logLevel: 'silent' } }
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }

let stack: TestApp | undefined
afterEach(async () => {
  await stack?.close()
  stack = undefined
})

async function call(
  s: TestApp,
  jar: Jar,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = SAME_ORIGIN,
): Promise<Response> {
  const response = await s.fetch(path, {
    method,
    headers: { ...headers, cookie: jar.header(path) },
    body: body === undefined ? null : JSON.stringify(body),
    redirect: 'manual',
  })
  jar.take(response)
  return response
}

/** Signs a seeded phone in through the login routes; answers what each step returned. */
async function signIn(s: TestApp, jar: Jar, phone: string) {
  const otp = await call(s, jar, 'POST', '/aurora-id/v1/auth/otp', { phone })
  expect(otp.status).toBe(200)
  const attempt = (await otp.json()) as { attemptId: string }
  const check = await call(s, jar, 'POST', '/aurora-id/v1/auth/otp/check', {
    phone,
    attemptId: attempt.attemptId,
    code: '12345',
  })
  expect(check.status).toBe(200)
  const checkText = await check.text()
  const checked = JSON.parse(checkText) as { isRegistered: boolean }
  if (!checked.isRegistered) return { checkText, checked, tokenText: undefined }
  const token = await call(s, jar, 'POST', '/aurora-id/v1/auth/token', {})
  expect(token.status).toBe(200)
  return { checkText, checked, tokenText: await token.text() }
}

/** How many refresh calls the storefront made to the id gateway. */
async function refreshCount(s: TestApp): Promise<number> {
  const metric = await s.metrics.registry.getSingleMetric('upstream_request_duration_seconds')?.get()
  return (metric?.values ?? [])
    .filter(
      (v) =>
        (v as { metricName?: string }).metricName === 'upstream_request_duration_seconds_count' &&
        v.labels.endpoint === 'auth.token.refresh',
    )
    .reduce((sum, v) => sum + v.value, 0)
}

describe('sign-in through the server', () => {
  it('keeps tokens in HttpOnly cookies and out of every answer body', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar = new Jar()
    const { checkText, tokenText } = await signIn(stack, jar, '79000000001')
    const access = jar.cookies.get('access_token')!
    const refresh = jar.cookies.get('refresh_token')!
    expect(access.raw).toMatch(/HttpOnly/i)
    expect(refresh.raw).toMatch(/HttpOnly/i)
    expect(jar.cookies.get('session_id')?.raw).toMatch(/HttpOnly/i)
    expect(jar.get('user_id')).toBe('100001')
    expect(jar.cookies.get('user_id')?.raw).not.toMatch(/HttpOnly/i)
    expect(jar.get('incomplete_profile')).toBeUndefined()
    for (const [name, cookie] of jar.cookies) {
      if (!/HttpOnly/i.test(cookie.raw)) {
        expect(cookie.value, name).not.toBe(access.value)
        expect(cookie.value, name).not.toBe(refresh.value)
      }
    }
    const page = await call(stack, jar, 'GET', '/', undefined, {})
    const html = await page.text()
    const profile = await call(stack, jar, 'GET', '/aurora-id/v1/profile', undefined, {})
    const profileText = await profile.text()
    expect(profile.status).toBe(200)
    for (const text of [checkText, tokenText ?? '', html, profileText]) {
      expect(text).not.toContain(access.value)
      expect(text).not.toContain(refresh.value)
      expect(text).not.toMatch(/accessToken|refreshToken|auroraIDCode|idCode/)
    }
    expect(tokenText).toContain('"userId":"100001"')
  })

  it('marks an incomplete profile and clears the mark once the missing name is saved', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar = new Jar()
    await signIn(stack, jar, '79000000002')
    expect(jar.get('incomplete_profile')).toBe('1')
    const home = await call(stack, jar, 'GET', '/', undefined, {})
    expect(home.status).toBe(302)
    expect(home.headers.get('location')).toBe('/profile/incomplete')
    const saved = await call(stack, jar, 'PATCH', '/aurora-id/v1/profile', { firstName: 'Ольга' })
    expect(saved.status).toBe(200)
    expect(jar.get('incomplete_profile')).toBeUndefined()
    expect((await call(stack, jar, 'GET', '/', undefined, {})).status).toBe(200)
  })

  it('lets a new phone register with the kept login code and signs it in', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar = new Jar()
    const { checked, checkText } = await signIn(stack, jar, '79000000077')
    expect(checked.isRegistered).toBe(false)
    expect(checkText).not.toMatch(/IDCode|idCode/)
    expect(jar.get('customer_code')).toBe('1')
    expect(jar.cookies.get('login_code')?.raw).toMatch(/HttpOnly/i)
    expect((await call(stack, jar, 'GET', '/registration', undefined, {})).status).toBe(200)
    const registered = await call(stack, jar, 'POST', '/aurora-id/v3/profile/register/aurora-id-code', {
      firstName: 'Вера',
      agreementAccepted: true,
      permissions: { isSmsPermitted: true },
    })
    expect(registered.status).toBe(200)
    expect(((await registered.json()) as { userId: string }).userId).toMatch(/^\d+$/)
    expect(jar.get('access_token')).toBeDefined()
    expect(jar.get('customer_code')).toBeUndefined()
    expect(jar.get('login_code')).toBeUndefined()
    // Rule 1: with a JWT the registration route goes to the profile on the main site.
    expect((await call(stack, jar, 'GET', '/registration', undefined, {})).status).toBe(302)
  })

  it('answers the per-IP OTP limit like the gateway 422', async () => {
    stack = await startTestApp({ env: { OTP_IP_LIMIT: '2' }, mock: QUIET })
    const jar = new Jar()
    const phones = ['79000000011', '79000000012', '79000000013']
    const statuses = []
    for (const phone of phones)
      statuses.push((await call(stack, jar, 'POST', '/aurora-id/v1/auth/otp', { phone })).status)
    expect(statuses).toEqual([200, 200, 422])
  })

  it('clears the session cookies on sign-out', async () => {
    stack = await startTestApp({ mock: QUIET })
    const jar = new Jar()
    await signIn(stack, jar, '79000000001')
    const out = await call(stack, jar, 'POST', '/api/session/logout', {})
    expect(out.status).toBe(204)
    expect(jar.get('access_token')).toBeUndefined()
    expect(jar.get('refresh_token')).toBeUndefined()
    expect(jar.get('user_id')).toBeUndefined()
  })
})

describe('token refresh', () => {
  it('refreshes once for a page load and concurrent proxied calls after expiry, and all succeed', async () => {
    // The mock's clock is the test's: the access token expires when the test says, never because a
    // loaded machine was slow (a real 2 s lifetime also expired the refreshed token under load).
    const clock = createManualClock(Date.now())
    stack = await startTestApp({ mock: { clock, config: { accessTtlS: 60, logLevel: 'silent' } } })
    const jar = new Jar()
    await signIn(stack, jar, '79000000001')
    const before = await refreshCount(stack)
    clock.advance(61_000)
    const cookie = jar.header('/')
    const idCookie = jar.header('/aurora-id/v1/profile')
    const s = stack
    const responses = await Promise.all([
      s.fetch(`/`, { headers: { cookie } }),
      s.fetch(`/aurora-id/v1/profile`, { headers: { cookie: idCookie } }),
      s.fetch(`/aurora-id/v1/profile`, { headers: { cookie: idCookie } }),
      s.fetch(`/webgate/cuscom/v2/user/permissions`, { headers: { cookie } }),
      s.fetch(`/webgate/v2/subscription/status`, { headers: { cookie } }),
    ])
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(await refreshCount(stack)).toBe(before + 1)
    const newAccess = new Set(
      responses.flatMap((r) =>
        r.headers
          .getSetCookie()
          .filter((c) => c.startsWith('access_token='))
          .map((c) => c.split(';')[0]),
      ),
    )
    expect(newAccess.size).toBe(1)
    const html = await responses[0]!.text()
    expect(html).toContain('"authorized":true')
    await Promise.all(responses.slice(1).map((r) => r.body?.cancel()))
  })

  it('clears the cookies and renders the page anonymous when the refresh token was revoked', async () => {
    // The page load sees the access token expired by its own clock and refreshes before rendering.
    stack = await startTestApp({ mock: { config: { accessTtlS: 2, logLevel: 'silent' } } })
    const jar = new Jar()
    await signIn(stack, jar, '79000000001')
    const revoked = await fetch(`${stack.mockUrl}/__mock/sessions/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(revoked.ok).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 2_300))
    const page = await call(stack, jar, 'GET', '/', undefined, {})
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain('Сайт временно не работает')
    expect(html).toContain('"authorized":false')
    expect(jar.get('access_token')).toBeUndefined()
    expect(jar.get('refresh_token')).toBeUndefined()
    expect(jar.get('user_id')).toBeUndefined()
  })
})

describe('cross-site requests', () => {
  it.each([
    ['/webgate/cuscom/v2/user/permissions', 'PUT'],
    ['/aurora-id/v1/auth/otp', 'POST'],
    ['/api/session/logout', 'POST'],
  ])('refuses a cross-site %s %s with 403', async (path, method) => {
    stack = await startTestApp({ mock: QUIET })
    const response = await stack.fetch(path, {
      method,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })
})

describe('error reports', () => {
  /** A stand-in reporting service that keeps what it receives. */
  async function collector(): Promise<{ url: string; reports: Array<Record<string, unknown>>; server: Server }> {
    const reports: Array<Record<string, unknown>> = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        reports.push(JSON.parse(body) as Record<string, unknown>)
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    return {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/reports`,
      reports,
      server,
    }
  }

  it('sends browser and server errors with the user id and e-mail, never a 404', async () => {
    const sink = await collector()
    try {
      stack = await startTestApp({ env: { ERROR_REPORT_URL: sink.url }, mock: QUIET })
      const jar = new Jar()
      await signIn(stack, jar, '79000000001')
      expect(
        (
          await call(stack, jar, 'POST', '/api/error-report', {
            message: 'TypeError: x is undefined',
            url: '/catalog?code=1',
          })
        ).status,
      ).toBe(204)
      expect((await call(stack, jar, 'POST', '/api/error-report', { message: 'not found', status: 404 })).status).toBe(
        204,
      )
      await call(stack, jar, 'GET', '/no-such-page', undefined, {})
      await expect.poll(() => sink.reports.length).toBe(1)
      expect(sink.reports[0]).toMatchObject({
        source: 'browser',
        userId: '100001',
        email: 'anna.smirnova@example.ru',
        url: '/catalog?code=[Redacted]',
      })
      await stack.stopGateway()
      const outage = await call(stack, jar, 'GET', '/catalog', undefined, {})
      expect(outage.status).toBeGreaterThanOrEqual(500)
      await expect
        .poll(() =>
          sink.reports.some((r) => r.source === 'server' && r.userId === '100001' && r.status === outage.status),
        )
        .toBe(true)
    } finally {
      sink.server.close()
    }
  })
})
