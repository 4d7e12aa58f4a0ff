/**
 * The search history kept on the device (spec section 3): recent first, de-duplicated (case-insensitive),
 * capped at `SEARCH_HISTORY_LIMIT`, clearable. Browser only (effects and handlers, never render).
 */
import { SEARCH_HISTORY_LIMIT } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'

/** Reads the history; a missing or broken value is an empty history. */
export function readSearchHistory(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE.searchHistory) ?? '[]')
    return Array.isArray(value)
      ? value
          .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
          .slice(0, SEARCH_HISTORY_LIMIT)
      : []
  } catch {
    return []
  }
}

/** Puts a query first (removing an earlier copy) and keeps the newest `SEARCH_HISTORY_LIMIT`. */
export function addToHistory(history: readonly string[], query: string): string[] {
  const text = query.trim().replace(/\s+/g, ' ').slice(0, 200)
  if (!text) return [...history]
  const lower = text.toLocaleLowerCase('ru-RU')
  return [text, ...history.filter((item) => item.toLocaleLowerCase('ru-RU') !== lower)].slice(0, SEARCH_HISTORY_LIMIT)
}

/** Records a query in the stored history and returns the new history. */
export function rememberSearch(query: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string[] {
  const next = addToHistory(readSearchHistory(storage), query)
  try {
    storage.setItem(STORAGE.searchHistory, JSON.stringify(next))
  } catch {
    // Storage full or disabled: the history is a convenience, searching still works.
  }
  return next
}

/** Forgets one query, or all of them when none is given. */
export function clearSearchHistory(
  query?: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
): string[] {
  if (query === undefined) {
    try {
      storage.removeItem(STORAGE.searchHistory)
    } catch {
      // ignored: nothing to clear
    }
    return []
  }
  const next = readSearchHistory(storage).filter((item) => item !== query)
  try {
    storage.setItem(STORAGE.searchHistory, JSON.stringify(next))
  } catch {
    // ignored
  }
  return next
}
