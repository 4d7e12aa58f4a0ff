/** 'Рядом со мной': the browser's position as a promise, with a Russian message for each failure. */
import type { LatLon } from './geo.ts'

/** Why the position is unknown. */
export type LocateFailure = 'denied' | 'unavailable' | 'unsupported'

/** Shown when the shopper (or the browser) refused the position. */
export const GEO_DENIED_MESSAGE =
  'Не удалось определить местоположение. Разрешите доступ к геолокации или выберите город вручную'
/** Shown when the position could not be found (no signal, timeout). */
export const GEO_UNAVAILABLE_MESSAGE =
  'Не удалось определить местоположение. Попробуйте ещё раз или выберите город вручную'
/** Shown when the browser has no geolocation. */
export const GEO_UNSUPPORTED_MESSAGE = 'Браузер не умеет определять местоположение. Выберите город вручную'

/** The message of a failure. */
export function locateMessage(failure: LocateFailure): string {
  return failure === 'denied'
    ? GEO_DENIED_MESSAGE
    : failure === 'unsupported'
      ? GEO_UNSUPPORTED_MESSAGE
      : GEO_UNAVAILABLE_MESSAGE
}

/** Asks the browser for the position (browser only); rejects with a `LocateFailure`. */
export function locate(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
  timeoutMs = 10_000,
): Promise<LatLon> {
  return new Promise((resolve, reject: (reason: LocateFailure) => void) => {
    if (!geolocation) {
      reject('unsupported')
      return
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => reject(error.code === error.PERMISSION_DENIED || error.code === 1 ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 5 * 60_000 },
    )
  })
}

/**
 * The position for the first-visit city guess, only when the shopper has already allowed
 * geolocation for this site (never prompts); undefined otherwise, and `/geo` guesses by address.
 */
export async function consentedPosition(
  nav: Pick<Navigator, 'permissions' | 'geolocation'> | undefined = globalThis.navigator,
  timeoutMs = 3_000,
): Promise<LatLon | undefined> {
  try {
    const status = await nav?.permissions?.query({ name: 'geolocation' })
    if (status?.state !== 'granted') return undefined
    return await locate(nav?.geolocation, timeoutMs)
  } catch {
    return undefined
  }
}
