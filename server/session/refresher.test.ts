import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '#shared/api/client.ts'
import { AppError } from '#shared/api/errors.ts'
import { refreshTokens } from '#shared/gateway/auth.ts'
import { TokenRefresher, type TokenPair } from './refresher.ts'

const PAIR: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2' }

function fakeApi(answer: () => Promise<unknown>) {
  const call = vi.fn((_def: unknown, _options?: unknown) => answer())
  const api = { product: 'aurora', call } as unknown as ApiClient
  return { api, call }
}

describe('TokenRefresher', () => {
  it('calls the refresh endpoint with the audience and the refresh token', async () => {
    const { api, call } = fakeApi(async () => PAIR)
    await expect(new TokenRefresher({ aud: 'loyalty-web' }).refresh(api, 'refresh-1')).resolves.toEqual(PAIR)
    expect(call).toHaveBeenCalledWith(refreshTokens, { body: { aud: 'loyalty-web', refreshToken: 'refresh-1' } })
  })

  it('shares one gateway call between concurrent refreshes of the same token', async () => {
    let finish: (pair: TokenPair) => void = () => {}
    const { api, call } = fakeApi(
      () =>
        new Promise((resolve) => {
          finish = resolve
        }),
    )
    const refresher = new TokenRefresher({ aud: 'a' })
    const all = Promise.all([
      refresher.refresh(api, 'refresh-1'),
      refresher.refresh(api, 'refresh-1'),
      refresher.refresh(api, 'refresh-1'),
    ])
    finish(PAIR)
    await expect(all).resolves.toEqual([PAIR, PAIR, PAIR])
    expect(call).toHaveBeenCalledTimes(1)
  })

  it('gives a request arriving shortly after with the old token the same new pair', async () => {
    let now = 0
    const { api, call } = fakeApi(async () => PAIR)
    const refresher = new TokenRefresher({ aud: 'a', retainMs: 30_000, now: () => now })
    await refresher.refresh(api, 'refresh-1')
    now += 10_000
    await expect(refresher.refresh(api, 'refresh-1')).resolves.toEqual(PAIR)
    expect(call).toHaveBeenCalledTimes(1)
    now += 30_001
    await refresher.refresh(api, 'refresh-1')
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('refreshes different tokens separately', async () => {
    const { api, call } = fakeApi(async () => PAIR)
    const refresher = new TokenRefresher({ aud: 'a' })
    await Promise.all([refresher.refresh(api, 'refresh-1'), refresher.refresh(api, 'refresh-9')])
    expect(call).toHaveBeenCalledTimes(2)
  })

  it.each([400, 401])('answers null when the gateway refuses with %i', async (status) => {
    const { api } = fakeApi(async () => {
      throw new AppError(status === 400 ? 'bad_request' : 'unauthorized', 'refused', { status })
    })
    await expect(new TokenRefresher({ aud: 'a' }).refresh(api, 'refresh-1')).resolves.toBeNull()
  })

  it('rejects on a network error and does not remember the failure', async () => {
    let fail = true
    const { api, call } = fakeApi(async () => {
      if (fail) throw new AppError('network', 'connection refused')
      return PAIR
    })
    const refresher = new TokenRefresher({ aud: 'a' })
    await expect(refresher.refresh(api, 'refresh-1')).rejects.toMatchObject({ code: 'network' })
    fail = false
    await expect(refresher.refresh(api, 'refresh-1')).resolves.toEqual(PAIR)
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('rejects on a 5xx answer rather than ending the session', async () => {
    const { api } = fakeApi(async () => {
      throw new AppError('unavailable', 'down', { status: 503 })
    })
    await expect(new TokenRefresher({ aud: 'a' }).refresh(api, 'refresh-1')).rejects.toMatchObject({ status: 503 })
  })

  it('keeps at most maxEntries remembered refreshes', async () => {
    const { api, call } = fakeApi(async () => PAIR)
    const refresher = new TokenRefresher({ aud: 'a', maxEntries: 1 })
    await refresher.refresh(api, 'refresh-1')
    await refresher.refresh(api, 'refresh-2')
    await refresher.refresh(api, 'refresh-3')
    await refresher.refresh(api, 'refresh-1')
    expect(call).toHaveBeenCalledTimes(4)
  })
})
