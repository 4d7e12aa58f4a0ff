import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { createApiClient, type ApiClientOptions, type ApiEvent, type AuthHandler } from './client.ts'
import { defineEndpoint, type HttpMethod } from './endpoint.ts'
import { AppError } from './errors.ts'
import { checkOtp, getTokens } from '../gateway/auth.ts'

const ItemSchema = z.object({ id: z.number(), name: z.string() })

const endpoint = (method: HttpMethod, auth = false) =>
  defineEndpoint({
    name: `test.${method.toLowerCase()}`,
    gateway: 'web',
    method,
    path: '/v1/items/:id',
    auth,
    params: z.object({ id: z.number() }),
    response: ItemSchema,
  })
const getItem = endpoint('GET')
const getPersonal = endpoint('GET', true)
const getIdItem = defineEndpoint({
  name: 'test.id',
  gateway: 'id',
  method: 'GET',
  path: '/v1/things',
  auth: false,
  response: z.object({ ok: z.boolean() }),
})

const ITEM = { id: 7, name: 'Крем' }

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** A fake fetch answering the given responses in order (the last one repeats), recording each request. */
function fakeFetch(...answers: Array<(() => Response) | Error>) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    })
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!
    if (answer instanceof Error) throw answer
    return answer()
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, calls: () => fetch.mock.calls.length }
}

/** A fresh answer per request (a cloned Response's body cannot be cancelled alone). */
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function client(fetch: typeof globalThis.fetch, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    product: 'aurora',
    baseUrl: (gateway) => (gateway === 'web' ? 'http://gw.test/webgate' : 'http://gw.test/aurora-id'),
    fetch,
    headers: () => ({
      requestId: 'req-1',
      appVersion: 'v1',
      platformVersion: '1.0.0',
      clientName: 'aurora-web',
      deviceId: undefined,
      sessionId: 's-1',
    }),
    timeoutMs: 1_000,
    ...extra,
  })
}

const failure = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('the API client: URLs and answers', () => {
  it('builds the URL from the gateway base, the path params and the query', async () => {
    const { fetch, sent } = fakeFetch(json(ITEM))
    await client(fetch).call(getItem, { params: { id: 7 } })
    expect(sent[0]?.url).toBe('http://gw.test/webgate/v1/items/7')
    const { fetch: idFetch, sent: idSent } = fakeFetch(json({ ok: true }))
    await client(idFetch).call(getIdItem)
    expect(idSent[0]?.url).toBe('http://gw.test/aurora-id/v1/things')
  })

  it('returns the answer parsed by the endpoint schema', async () => {
    const { fetch } = fakeFetch(json({ ...ITEM, extra: 'dropped' }))
    await expect(client(fetch).call(getItem, { params: { id: 7 } })).resolves.toEqual(ITEM)
  })

  it('turns an answer that does not match its schema into invalid_response with the zod error as cause', async () => {
    const { fetch } = fakeFetch(json({ id: 'seven' }))
    const error = await failure(client(fetch).call(getItem, { params: { id: 7 } }))
    expect(error.code).toBe('invalid_response')
    expect(error.endpoint).toBe('test.get')
    expect(error.cause).toBeDefined()
  })

  it('turns an answer that is not JSON into invalid_response', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>oops</html>', { status: 200 }))
    expect((await failure(client(fetch).call(getItem, { params: { id: 7 } }))).code).toBe('invalid_response')
  })

  it('keeps the gateway error code of a 4xx answer', async () => {
    const { fetch } = fakeFetch(json({ code: 'emailForbiddenToUse', message: 'nope' }, 400))
    const error = await failure(client(fetch).call(getItem, { params: { id: 7 } }))
    expect(error).toMatchObject({ code: 'bad_request', status: 400, gatewayCode: 'emailForbiddenToUse' })
  })

  it('throws when a path param is missing', async () => {
    const { fetch, calls } = fakeFetch(json(ITEM))
    await expect(client(fetch).call(getItem, {} as never)).rejects.toThrow('missing path param id')
    expect(calls()).toBe(0)
  })
})

describe('the API client: the retry policy', () => {
  const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504]

  it.each(RETRIED)('retries a GET answered %i once and returns the second answer', async (status) => {
    const { fetch, calls } = fakeFetch(json({ code: 'x' }, status), json(ITEM))
    await expect(client(fetch).call(getItem, { params: { id: 7 } })).resolves.toEqual(ITEM)
    expect(calls()).toBe(2)
  })

  it.each(RETRIED)('gives up on a GET answered %i twice', async (status) => {
    const { fetch, calls } = fakeFetch(json({ code: 'x' }, status))
    const error = await failure(client(fetch).call(getItem, { params: { id: 7 } }))
    expect(error.status).toBe(status)
    expect(calls()).toBe(2)
  })

  it.each(
    (['POST', 'PUT', 'PATCH', 'DELETE'] as const).flatMap((method) =>
      RETRIED.map((status) => [method, status] as const),
    ),
  )('never retries %s answered %i', async (method, status) => {
    const { fetch, calls } = fakeFetch(json({ code: 'x' }, status), json(ITEM))
    const error = await failure(client(fetch).call(endpoint(method), { params: { id: 7 }, body: { a: 1 } as never }))
    expect(error.status).toBe(status)
    expect(calls()).toBe(1)
  })

  it.each([400, 403, 404, 422, 501, 505])(
    'does not retry a GET answered %i and reports it as an error',
    async (status) => {
      const { fetch, calls } = fakeFetch(json({ code: 'x' }, status), json(ITEM))
      const error = await failure(client(fetch).call(getItem, { params: { id: 7 } }))
      expect(error.status).toBe(status)
      expect(calls()).toBe(1)
    },
  )

  it('retries a GET once after a dropped connection, then reports network', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'))
    expect((await failure(client(fetch).call(getItem, { params: { id: 7 } }))).code).toBe('network')
    expect(calls()).toBe(2)
  })

  it('does not retry a POST after a dropped connection', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'))
    expect((await failure(client(fetch).call(endpoint('POST'), { params: { id: 7 } }))).code).toBe('network')
    expect(calls()).toBe(1)
  })

  it('reports every exchange to onEvent', async () => {
    const events: ApiEvent[] = []
    const { fetch } = fakeFetch(json({}, 503), json(ITEM))
    await client(fetch, { onEvent: (event) => events.push(event) }).call(getItem, { params: { id: 7 } })
    expect(events.map((e) => [e.endpoint, e.status, e.attempt])).toEqual([
      ['test.get', 503, 1],
      ['test.get', 200, 2],
    ])
  })
})

describe('the API client: timeouts and aborts', () => {
  const hang = () => {
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          // As fetch does: an aborted signal rejects at once, a later abort when it comes.
          if (init?.signal?.aborted) reject(init.signal.reason)
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    return fetch as unknown as typeof globalThis.fetch
  }

  it('answers timeout when the gateway does not answer in time', async () => {
    const error = await failure(client(hang(), { timeoutMs: 20 }).call(getItem, { params: { id: 7 } }))
    expect(error.code).toBe('timeout')
    expect(error.status).toBe(504)
  })

  it('answers aborted when the caller aborts', async () => {
    const controller = new AbortController()
    const pending = client(hang()).call(getItem, { params: { id: 7 }, signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).code).toBe('aborted')
  })

  it('answers aborted at once for a signal aborted before the call', async () => {
    const controller = new AbortController()
    controller.abort()
    expect((await failure(client(hang()).call(getItem, { params: { id: 7 }, signal: controller.signal }))).code).toBe(
      'aborted',
    )
  })

  it("leaves no timer and no listener on the caller's signal once a call is answered or has failed", async () => {
    vi.useFakeTimers()
    try {
      const controller = new AbortController()
      const listening = vi.spyOn(controller.signal, 'addEventListener')
      const unlistening = vi.spyOn(controller.signal, 'removeEventListener')
      const { fetch } = fakeFetch(json(ITEM), json({ code: 'not_found' }, 404))
      const api = client(fetch)
      await expect(api.call(getItem, { params: { id: 7 }, signal: controller.signal })).resolves.toEqual(ITEM)
      expect(vi.getTimerCount()).toBe(0)
      expect((await failure(api.call(getItem, { params: { id: 7 }, signal: controller.signal }))).code).toBe(
        'not_found',
      )
      expect(vi.getTimerCount()).toBe(0)
      expect(listening).toHaveBeenCalledTimes(2)
      expect(unlistening.mock.calls).toEqual(listening.mock.calls.map(([type, listener]) => [type, listener]))
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the API client: the auth handler', () => {
  const auth = (refreshResult: boolean): AuthHandler & { refresh: ReturnType<typeof vi.fn> } => {
    let token = 'old'
    return {
      token: () => token,
      refresh: vi.fn(async () => {
        if (refreshResult) token = 'new'
        return refreshResult
      }),
    }
  }

  it('attaches the bearer only to calls that need the token', async () => {
    const { fetch, sent } = fakeFetch(json(ITEM))
    const api = client(fetch, { auth: auth(true) })
    await api.call(getPersonal, { params: { id: 7 } })
    await api.call(getItem, { params: { id: 7 } })
    expect(sent[0]?.headers.authorization).toBe('Bearer old')
    expect(sent[1]?.headers).not.toHaveProperty('authorization')
  })

  it('refreshes once after a 401 and retries once with the new token', async () => {
    const handler = auth(true)
    const { fetch, sent } = fakeFetch(json({ code: 'unauthorized' }, 401), json(ITEM))
    await expect(client(fetch, { auth: handler }).call(getPersonal, { params: { id: 7 } })).resolves.toEqual(ITEM)
    expect(handler.refresh).toHaveBeenCalledTimes(1)
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new'])
  })

  it('answers unauthorized without a retry when the refresh fails', async () => {
    const handler = auth(false)
    const { fetch, calls } = fakeFetch(json({ code: 'unauthorized' }, 401), json(ITEM))
    const error = await failure(client(fetch, { auth: handler }).call(getPersonal, { params: { id: 7 } }))
    expect(error.code).toBe('unauthorized')
    expect(handler.refresh).toHaveBeenCalledTimes(1)
    expect(calls()).toBe(1)
  })

  it('refreshes only once when the retry is answered 401 again', async () => {
    const handler = auth(true)
    const { fetch, calls } = fakeFetch(json({ code: 'unauthorized' }, 401))
    expect((await failure(client(fetch, { auth: handler }).call(getPersonal, { params: { id: 7 } }))).code).toBe(
      'unauthorized',
    )
    expect(handler.refresh).toHaveBeenCalledTimes(1)
    expect(calls()).toBe(2)
  })

  it('does not refresh for a 401 on a call that needs no token', async () => {
    const handler = auth(true)
    const { fetch } = fakeFetch(json({ code: 'unauthorized' }, 401))
    expect((await failure(client(fetch, { auth: handler }).call(getItem, { params: { id: 7 } }))).code).toBe(
      'unauthorized',
    )
    expect(handler.refresh).not.toHaveBeenCalled()
  })
})

describe('the API client: headers and bodies', () => {
  it('sends the gateway headers with the omit-empty device marker', async () => {
    const { fetch, sent } = fakeFetch(json(ITEM))
    await client(fetch).call(getItem, { params: { id: 7 } })
    expect(sent[0]?.headers).toMatchObject({
      'x-request-id': 'req-1',
      'x-session-id': 's-1',
      'x-device-id': 'omit-empty',
      'x-platform': 'Web',
      'x-client-name': 'aurora-web',
      'x-app-version': 'v1',
    })
    expect(sent[0]?.headers).not.toHaveProperty('content-type')
  })

  it('sends a JSON body with the JSON content type', async () => {
    const { fetch, sent } = fakeFetch(json(ITEM))
    await client(fetch).call(endpoint('POST'), { params: { id: 7 }, body: { a: 1 } as never })
    expect(sent[0]?.headers['content-type']).toBe('application/json')
    expect(sent[0]?.body).toBe('{"a":1}')
  })

  it('sends form data without our content type, so fetch sets the multipart boundary', async () => {
    const { fetch, sent } = fakeFetch(json(ITEM))
    const form = new FormData()
    form.set('photo', 'x')
    await client(fetch).call(endpoint('POST'), { params: { id: 7 }, body: form })
    expect(sent[0]?.headers).not.toHaveProperty('content-type')
    expect(sent[0]?.body).toBe(form)
  })

  it('never sends the client name to the id gateway', async () => {
    const { fetch, sent } = fakeFetch(json({ ok: true }))
    await client(fetch).call(getIdItem)
    expect(sent[0]?.headers).not.toHaveProperty('x-client-name')
  })
})

describe('the API client: the {product}IDCode field', () => {
  it('renames idCode to auroraIDCode in the request', async () => {
    const { fetch, sent } = fakeFetch(json({ accessToken: 'a', refreshToken: 'r' }))
    await client(fetch).call(getTokens, { body: { aud: 'loyalty-web', idCode: 'CODE-1' } })
    expect(JSON.parse(String(sent[0]?.body))).toEqual({ aud: 'loyalty-web', auroraIDCode: 'CODE-1' })
  })

  it('renames auroraIDCode to idCode in the answer', async () => {
    const { fetch } = fakeFetch(json({ auroraIDCode: 'CODE-1', isRegistered: true }))
    await expect(
      client(fetch).call(checkOtp, { body: { aud: 'a', phone: '79000000001', attemptId: 'x', code: '12345' } }),
    ).resolves.toEqual({ idCode: 'CODE-1', isRegistered: true })
  })

  it('uses the configured brand in the field name', async () => {
    const { fetch, sent } = fakeFetch(json({ accessToken: 'a', refreshToken: 'r' }))
    await client(fetch, { product: 'other' }).call(getTokens, { body: { aud: 'a', idCode: 'C' } })
    expect(JSON.parse(String(sent[0]?.body))).toEqual({ aud: 'a', otherIDCode: 'C' })
  })

  it("fails the answer that carries another brand's field", async () => {
    const { fetch } = fakeFetch(json({ otherIDCode: 'CODE-1', isRegistered: true }))
    const error = await failure(
      client(fetch).call(checkOtp, { body: { aud: 'a', phone: '79000000001', attemptId: 'x', code: '12345' } }),
    )
    expect(error.code).toBe('invalid_response')
  })
})
