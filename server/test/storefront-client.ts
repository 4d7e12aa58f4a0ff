/**
 * A minimal browser stand-in for integration tests: a cookie jar, same-origin headers on
 * state-changing calls, and sign-in through the storefront's own login endpoints (OTP `12345`).
 */

/** Cookies and calls of one shopper against one storefront. */
export interface ShopperClient {
  /** A request to the storefront with this shopper's cookies; `Set-Cookie` answers update the jar. */
  fetch(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>
  /** The same, answering the parsed JSON body with the status. */
  json<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }>
  /** Signs in with the mock's OTP code (registering a new phone first); resolves the user id cookie. */
  signIn(phone: string, code?: string): Promise<string>
  cookies: Map<string, string>
}

/** How the shopper reaches the storefront: over HTTP, or through an app's `inject`. */
export interface StorefrontTarget {
  url: string
  fetch(path: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response>
}

/** A shopper of the storefront at an origin (real HTTP) or of an injected app. */
export function shopperClient(target: string | StorefrontTarget): ShopperClient {
  const origin = typeof target === 'string' ? target : target.url
  const send =
    typeof target === 'string'
      ? (path: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
          fetch(origin + path, {
            method: init.method,
            headers: init.headers,
            body: init.body ?? null,
            redirect: 'manual',
          })
      : (path: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
          target.fetch(path, init)
  const cookies = new Map<string, string>()
  const absorb = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a))
      if (expired || value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
  }
  const client: ShopperClient = {
    cookies,
    async fetch(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers }
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const method = init.method ?? 'GET'
      if (method !== 'GET' && method !== 'HEAD') headers.origin = origin
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      const response = await send(path, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
      absorb(response)
      return response
    },
    async json(path, init) {
      const response = await client.fetch(path, init)
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never }
    },
    async signIn(phone, code = '12345') {
      const otp = await client.json<{ attemptId: string }>('/aurora-id/v1/auth/otp', {
        method: 'POST',
        body: { phone },
      })
      if (otp.status !== 200) throw new Error(`otp answered ${otp.status}`)
      const check = await client.json<{ isRegistered: boolean }>('/aurora-id/v1/auth/otp/check', {
        method: 'POST',
        body: { phone, attemptId: otp.body.attemptId, code },
      })
      if (check.status !== 200) throw new Error(`otp check answered ${check.status}`)
      const token = check.body.isRegistered
        ? await client.json('/aurora-id/v1/auth/token', { method: 'POST', body: {} })
        : await client.json('/aurora-id/v3/profile/register/aurora-id-code', {
            method: 'POST',
            body: { firstName: 'Тест', agreementAccepted: true },
          })
      if (token.status !== 200) throw new Error(`sign-in answered ${token.status}`)
      const userId = cookies.get('user_id')
      if (!userId) throw new Error('no user_id cookie after sign-in')
      return userId
    },
  }
  return client
}
