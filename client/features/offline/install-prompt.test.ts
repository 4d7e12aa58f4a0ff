import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_VISIT_KEY, OFFERED_KEY, OFFER_PAUSE_MS, VISIT_KEY, mayOffer } from './install-prompt.ts'
import { USED_AT_TILL_KEY } from './kept-data.ts'

/** A Storage over a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

const NOW = Date.UTC(2026, 2, 12)

describe('mayOffer', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage())
    vi.stubGlobal('sessionStorage', memoryStorage())
  })
  afterEach(() => vi.unstubAllGlobals())

  /** A later visit: the device's first visit was another session. */
  const laterVisit = () => {
    localStorage.setItem(FIRST_VISIT_KEY, 'the-first-visit')
    sessionStorage.setItem(VISIT_KEY, 'this-visit')
  }

  it('never offers on the first visit, even after the card was used', () => {
    localStorage.setItem(USED_AT_TILL_KEY, '1')
    expect(mayOffer(NOW)).toBe(false)
    expect(mayOffer(NOW)).toBe(false)
  })

  it('does not offer on a later visit before the card or a pass was used', () => {
    laterVisit()
    expect(mayOffer(NOW)).toBe(false)
  })

  it('offers on a later visit once the card or a pass was used', () => {
    laterVisit()
    localStorage.setItem(USED_AT_TILL_KEY, '1')
    expect(mayOffer(NOW)).toBe(true)
  })

  it('offers again only after the pause', () => {
    laterVisit()
    localStorage.setItem(USED_AT_TILL_KEY, '1')
    localStorage.setItem(OFFERED_KEY, String(NOW - OFFER_PAUSE_MS + 1))
    expect(mayOffer(NOW)).toBe(false)
    localStorage.setItem(OFFERED_KEY, String(NOW - OFFER_PAUSE_MS))
    expect(mayOffer(NOW)).toBe(true)
  })
})
