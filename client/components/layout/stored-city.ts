/** The shopper's chosen city, read from local storage after hydration (the server never knows it). */
import { useCallback, useEffect, useState } from 'react'
import { STORAGE } from '#shared/cookies.ts'

/** Window event the store picker dispatches after saving a choice (the toolbar re-reads the city). */
export const STORE_CHANGE_EVENT = 'aurora:store-change'

/** The city name of a stored value: a plain string or JSON with a `name` (`{ "name": "Москва", ... }`). */
export function cityNameOf(stored: string | null): string | undefined {
  if (!stored) return undefined
  try {
    const parsed: unknown = JSON.parse(stored)
    if (typeof parsed === 'string') return parsed.trim() || undefined
    if (parsed && typeof parsed === 'object' && 'name' in parsed && typeof parsed.name === 'string') return parsed.name.trim() || undefined
    return undefined
  } catch {
    return stored.trim() || undefined
  }
}

function readCity(): string | undefined {
  try {
    return cityNameOf(window.localStorage.getItem(STORAGE.shopCity))
  } catch {
    return undefined
  }
}

/** The stored city name (undefined on the server, during hydration and when none is chosen) and a re-read function. */
export function useStoredCity(): [city: string | undefined, reread: () => void] {
  const [city, setCity] = useState<string | undefined>(undefined)
  const reread = useCallback(() => setCity(readCity()), [])
  useEffect(() => {
    reread()
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE.shopCity) reread()
    }
    window.addEventListener('storage', onStorage)
    window.addEventListener(STORE_CHANGE_EVENT, reread)
    return () => {
      window.removeEventListener('storage', onStorage)
      window.removeEventListener(STORE_CHANGE_EVENT, reread)
    }
  }, [reread])
  return [city, reread]
}
