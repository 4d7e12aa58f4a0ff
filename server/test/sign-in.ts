/**
 * A shopper's cookies across calls to real storefront replicas, and the sign-in of the mock's seeded
 * complete account (phone 79000000001, code 12345) the replica and revocation suites start from.
 */
import { expect } from 'vitest'
import { BROWSER_UA } from './http.ts'

/** What a browser's same-origin `fetch` of a JSON call sends. */
export const SAME_ORIGIN = {
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
  'user-agent': BROWSER_UA,
}

/** Cookies set by the last answers: name → value. */
export class Jar {
  readonly cookies = new Map<string, string>()

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  take(response: Response): void {
    for (const raw of response.headers.getSetCookie()) {
      const pair = raw.split(';')[0]!
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (value === '' || /Max-Age=0/i.test(raw)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** A copy holding the same cookies (what a thief of the cookies would keep). */
  copy(): Jar {
    const copy = new Jar()
    for (const [name, value] of this.cookies) copy.cookies.set(name, value)
    return copy
  }
}

/** A same-origin JSON POST to a replica at `url`, with the jar's cookies; the jar takes the answer's. */
export async function post(
  replica: { url: string },
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  jar?: Jar,
): Promise<Response> {
  const response = await fetch(replica.url + path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...headers, ...(jar ? { cookie: jar.header() } : {}) },
    body: JSON.stringify(body),
  })
  jar?.take(response)
  return response
}

/** Signs the seeded complete account in through replica `via`, from client address `ip`. */
export async function signIn(via: { url: string }, ip: string): Promise<Jar> {
  const jar = new Jar()
  const headers = { 'x-forwarded-for': ip }
  const phone = '79000000001'
  const otp = await post(via, '/aurora-id/v1/auth/otp', { phone }, headers, jar)
  expect(otp.status).toBe(200)
  const { attemptId } = (await otp.json()) as { attemptId: string }
  expect(
    (await post(via, '/aurora-id/v1/auth/otp/check', { phone, attemptId, code: '12345' }, headers, jar)).status,
  ).toBe(200)
  expect((await post(via, '/aurora-id/v1/auth/token', {}, headers, jar)).status).toBe(200)
  expect(jar.cookies.get('access_token')).toBeDefined()
  return jar
}
