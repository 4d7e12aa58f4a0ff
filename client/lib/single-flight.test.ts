import { afterEach, describe, expect, it } from 'vitest'
import { fetchOnce, resetSingleFlight } from './single-flight.ts'

describe('fetchOnce', () => {
  afterEach(() => resetSingleFlight())

  it('shares a fetch in flight between its askers', async () => {
    let resolve!: (value: string) => void
    let fetches = 0
    const fetch = () => {
      fetches++
      return new Promise<string>((done) => (resolve = done))
    }
    const both = Promise.all([fetchOnce('k', fetch), fetchOnce('k', fetch)])
    resolve('answer')
    await expect(both).resolves.toEqual(['answer', 'answer'])
    expect(fetches).toBe(1)
    // Settled: the next asker fetches anew.
    await expect(fetchOnce('k', () => Promise.resolve('again'))).resolves.toBe('again')
  })

  it('gives a failure to an asker that reuses failures, and fetches anew for one that does not', async () => {
    await expect(fetchOnce('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    await expect(fetchOnce('k', () => Promise.resolve('up'), { reuseFailure: true })).rejects.toThrow('down')
    await expect(fetchOnce('k', () => Promise.resolve('up'))).resolves.toBe('up')
  })
})
