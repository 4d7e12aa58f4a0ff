import { describe, expect, it, vi } from 'vitest'
import { createApiClient, type ApiClientOptions } from '#shared/api/client.ts'
import { ChunkLoadError } from '#shared/api/chunk-load-error.ts'
import { ERROR_CODES, toAppError, userMessage } from '#shared/api/errors.ts'
import { defineEndpoint } from '#shared/api/endpoint.ts'
import * as z from 'zod/mini'
import { lazyApiClient } from './boot-api.ts'

const ping = defineEndpoint({
  name: 'test.ping',
  gateway: 'web',
  method: 'GET',
  path: '/v1/ping',
  auth: false,
  response: z.object({ ok: z.boolean() }),
})

function options(answer: unknown): ApiClientOptions {
  return {
    product: 'aurora',
    baseUrl: () => 'http://gateway.test',
    fetch: async () =>
      new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
    headers: () => ({
      requestId: 'r',
      deviceId: undefined,
      appVersion: '1',
      platformVersion: '1.0.0',
      clientName: 'web',
    }),
    timeoutMs: 1_000,
  }
}

describe('lazyApiClient', () => {
  it('loads the client once, on the first call, and answers as the client does', async () => {
    const load = vi.fn(async () => ({ createApiClient }))
    const api = lazyApiClient(options({ ok: true }), load)
    expect(api.product).toBe('aurora')
    expect(load).not.toHaveBeenCalled()
    await expect(Promise.all([api.call(ping), api.call(ping)])).resolves.toEqual([{ ok: true }, { ok: true }])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('still validates answers against the endpoint schema', async () => {
    const api = lazyApiClient(options({ ok: 'yes' }), async () => ({ createApiClient }))
    await expect(api.call(ping)).rejects.toMatchObject({ code: 'invalid_response' })
  })

  it('reports a failed load as a network error and loads again on the next call', async () => {
    const load = vi
      .fn<() => Promise<{ createApiClient: typeof createApiClient }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ createApiClient })
    const api = lazyApiClient(options({ ok: true }), load)
    const failure = await api.call(ping).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ChunkLoadError)
    expect(failure).toMatchObject({ code: 'network' })
    expect(toAppError(failure)).toMatchObject({ code: 'network', status: 502 })
    expect(userMessage(failure)).toBe(ERROR_CODES.network.message)
    await expect(api.call(ping)).resolves.toEqual({ ok: true })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
