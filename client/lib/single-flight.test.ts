import { afterEach, describe, expect, it } from 'vitest'
import { fetchOnce, joinedInFlight, resetSingleFlight } from './single-flight.ts'

describe('fetchOnce', () => {
  afterEach(() => resetSingleFlight())

  it('shares a fetch in flight, and says it is joined once a second asker waits for it', async () => {
    let resolve!: (value: string) => void
    let fetches = 0
    const fetch = () => {
      fetches++
      return new Promise<string>((done) => (resolve = done))
    }
    const first = fetchOnce('k', fetch)
    expect(joinedInFlight('k')).toBe(false)
    const second = fetchOnce('k', fetch)
    expect(joinedInFlight('k')).toBe(true)
    expect(joinedInFlight('other')).toBe(false)
    resolve('answer')
    await expect(Promise.all([first, second])).resolves.toEqual(['answer', 'answer'])
    expect(fetches).toBe(1)
    // Settled: nothing is in flight for the key any more.
    expect(joinedInFlight('k')).toBe(false)
  })

  it('gives a failure to an asker that reuses failures, and fetches anew for one that does not', async () => {
    await expect(fetchOnce('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    await expect(fetchOnce('k', () => Promise.resolve('up'), { reuseFailure: true })).rejects.toThrow('down')
    await expect(fetchOnce('k', () => Promise.resolve('up'))).resolves.toBe('up')
  })
})
