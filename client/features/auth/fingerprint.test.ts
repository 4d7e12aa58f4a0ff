import { afterEach, describe, expect, it, vi } from 'vitest'
import { testConfig } from '#client/context/testing.tsx'
import { requestFingerprintToken } from './fingerprint.ts'

const configured = testConfig({ fingerprintUrl: 'http://kfp.test/kfp/token', kfpCid: 'aurora-web-kfp' })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('device fingerprint token', () => {
  it('is not requested when no service is configured', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(await requestFingerprintToken(testConfig(), 'ABCDEF01')).toBeUndefined()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks the configured service with the client id and the device id, and answers its token', async () => {
    const fetch = vi.fn(async () => Response.json({ token: 'kfp.abc' }))
    vi.stubGlobal('fetch', fetch)
    expect(await requestFingerprintToken(configured, 'ABCDEF01')).toBe('kfp.abc')
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://kfp.test/kfp/token')
    expect(JSON.parse(String(init.body))).toEqual({ cid: 'aurora-web-kfp', deviceId: 'ABCDEF01' })
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it.each([
    ['an error status', async () => Response.json({ code: 'mockFault' }, { status: 503 })],
    ['a network failure', async () => Promise.reject(new TypeError('fetch failed'))],
    ['an answer without a token', async () => Response.json({})],
  ])('is only logged after %s, never thrown', async (_case, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await requestFingerprintToken(configured, undefined)).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('[auth] device fingerprint token unavailable', expect.any(String))
  })
})
