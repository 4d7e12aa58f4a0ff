/** The shopper's chosen city and store, read from local storage after hydration (the server never knows them). */
import { useCallback, useEffect, useState } from 'react'
import { STORAGE } from '#shared/cookies.ts'
import { whenIdle } from '#client/lib/when-idle.ts'

/** Window event the store picker dispatches after saving a choice (the toolbar re-reads the city). */
export const STORE_CHANGE_EVENT = 'aurora:store-change'

/** The city name of a stored value: a plain string or JSON with a `name` (`{ "name": "Москва", ... }`). */
export function cityNameOf(stored: string | null): string | undefined {
  if (!stored) return undefined
  try {
    const parsed: unknown = JSON.parse(stored)
    if (typeof parsed === 'string') return parsed.trim() || undefined
    if (parsed && typeof parsed === 'object' && 'name' in parsed && typeof parsed.name === 'string')
      return parsed.name.trim() || undefined
    return undefined
  } catch {
    return stored.trim() || undefined
  }
}

/** The stored choice as the toolbar shows it. */
export interface StoredPlace {
  city: string
  /** Street address of the chosen store; undefined when only a city is chosen. */
  street: string | undefined
}

function readPlace(): StoredPlace | undefined {
  try {
    const city = cityNameOf(window.localStorage.getItem(STORAGE.shopCity))
    if (!city) return undefined
    const street = window.localStorage.getItem(STORAGE.shopCode)
      ? window.localStorage.getItem(STORAGE.shopAddress)?.trim() || undefined
      : undefined
    return { city, street }
  } catch {
    return undefined
  }
}

/** The stored city and store (undefined on the server, during hydration and when none is chosen) and a re-read function. */
export function useStoredPlace(): [place: StoredPlace | undefined, reread: () => void] {
  const [place, setPlace] = useState<StoredPlace | undefined>(undefined)
  const reread = useCallback(() => setPlace(readPlace()), [])
  useEffect(() => {
    // The page's first read of local storage opens it (tens of milliseconds on a slow phone): in idle
    // time, not in the effects right after hydration.
    const cancel = whenIdle(reread)
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith('shop.')) reread()
    }
    window.addEventListener('storage', onStorage)
    window.addEventListener(STORE_CHANGE_EVENT, reread)
    return () => {
      cancel()
      window.removeEventListener('storage', onStorage)
      window.removeEventListener(STORE_CHANGE_EVENT, reread)
    }
  }, [reread])
  return [place, reread]
}
