import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError } from '#shared/api/chunk-load-error.ts'
import { toAppError } from '#shared/api/errors.ts'
import { STORAGE } from '#shared/cookies.ts'
import { loadChunk } from './load-chunk.ts'

const failed = new TypeError('Failed to fetch dynamically imported module')

describe('loadChunk', () => {
  const stored = new Map<string, string>()
  const assign = vi.fn()
  beforeEach(() => {
    stored.clear()
    assign.mockReset()
    vi.stubGlobal('window', { location: { assign } })
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('answers the module when it loads', async () => {
    await expect(loadChunk(async () => ({ ok: true }), '/next')).resolves.toEqual({ ok: true })
  })

  it('reloads to the target on the first failure and never settles', async () => {
    const settled = vi.fn()
    void loadChunk(() => Promise.reject(failed), '/catalog').then(settled, settled)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(assign).toHaveBeenCalledWith('/catalog')
    expect(settled).not.toHaveBeenCalled()
  })

  it("throws a ChunkLoadError, read as the registry's outage, within the reload guard", async () => {
    stored.set(STORAGE.reloadGuard, String(Date.now()))
    const failure = await loadChunk(() => Promise.reject(failed), '/catalog').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ChunkLoadError)
    expect(failure).toMatchObject({ code: 'unavailable', cause: failed })
    expect(toAppError(failure)).toMatchObject({ code: 'unavailable', status: 503, cause: failed })
  })
})
