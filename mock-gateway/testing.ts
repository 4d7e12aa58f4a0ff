/** Helpers for tests that talk to an in-process mock gateway (no sockets). */
import { createApiClient, type ApiClient } from '#shared/api/client.ts'
import { DEFAULT_AUD } from '#shared/constants.ts'
import type { MockGateway } from './gateway.ts'
import { gatewayBase } from './state.ts'

/** The origin in-process requests are addressed to. */
export const TEST_ORIGIN = 'http://mock.test'

/** A raw exchange with the gateway: JSON body in, status and parsed JSON (or text) out. */
export async function call(
  gateway: MockGateway,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.body !== undefined) headers['content-type'] ??= 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await gateway.handle(
    new Request(TEST_ORIGIN + path, {
      method,
      headers,
      body:
        options.body === undefined
          ? null
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
      redirect: 'manual',
    }),
  )
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body, headers: response.headers }
}

/** Signs a registered phone in through OTP and answers its tokens. */
export async function signIn(
  gateway: MockGateway,
  phone: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const id = `/${gateway.state.config.product}-id`
  const otp = await call(gateway, 'POST', `${id}/v1/auth/otp`, { body: { aud: DEFAULT_AUD, phone } })
  const check = await call(gateway, 'POST', `${id}/v1/auth/otp/check`, {
    body: { aud: DEFAULT_AUD, phone, attemptId: otp.body.attemptId, code: gateway.state.config.otpCode },
  })
  const tokens = await call(gateway, 'POST', `${id}/v1/auth/token`, {
    body: {
      aud: DEFAULT_AUD,
      [`${gateway.state.config.product}IDCode`]: check.body[`${gateway.state.config.product}IDCode`],
    },
  })
  if (tokens.status !== 200) throw new Error(`sign-in of ${phone} failed: ${JSON.stringify(tokens.body)}`)
  return tokens.body
}

/**
 * The shared API client wired to an in-process gateway, so answers are checked by the real client;
 * `observe` sees every raw exchange (a copy of the answer), e.g. to check it against the contract.
 */
export function testClient(
  gateway: MockGateway,
  token: () => string | undefined,
  observe?: (request: Request, response: Response) => void,
): ApiClient {
  return createApiClient({
    product: gateway.state.config.product,
    baseUrl: (which) => TEST_ORIGIN + gatewayBase(which, gateway.state.config.product),
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const response = await gateway.handle(request)
      observe?.(request, response.clone())
      return response
    },
    headers: () => ({ requestId: 'test', appVersion: 'test', platformVersion: 'test', clientName: 'test' }),
    timeoutMs: 10_000,
    auth: { token, refresh: async () => false },
  })
}
