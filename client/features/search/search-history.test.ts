import { describe, expect, it } from 'vitest'
import { SEARCH_HISTORY_LIMIT } from '#shared/constants.ts'
import { addToHistory, clearSearchHistory, readSearchHistory, rememberSearch } from './search-history.ts'

const memory = () => {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('search history', () => {
  it('puts the newest query first and removes an earlier copy regardless of case', () => {
    expect(addToHistory(['крем', 'шампунь'], 'Шампунь')).toEqual(['Шампунь', 'крем'])
  })

  it('keeps at most SEARCH_HISTORY_LIMIT entries', () => {
    let history: string[] = []
    for (let i = 0; i < SEARCH_HISTORY_LIMIT + 5; i++) history = addToHistory(history, `q${i}`)
    expect(history).toHaveLength(SEARCH_HISTORY_LIMIT)
    expect(history[0]).toBe(`q${SEARCH_HISTORY_LIMIT + 4}`)
  })

  it('ignores blank queries and broken stored values', () => {
    const storage = memory()
    storage.setItem('search.history', '{not json')
    expect(readSearchHistory(storage)).toEqual([])
    expect(rememberSearch('   ', storage)).toEqual([])
  })

  it('stores, removes one and clears all', () => {
    const storage = memory()
    rememberSearch('мыло', storage)
    rememberSearch('крем', storage)
    expect(readSearchHistory(storage)).toEqual(['крем', 'мыло'])
    expect(clearSearchHistory('крем', storage)).toEqual(['мыло'])
    expect(clearSearchHistory(undefined, storage)).toEqual([])
    expect(readSearchHistory(storage)).toEqual([])
  })
})
