/** The age confirmation on the device (`STORAGE.ageConfirmed`): browser only, never throws. */
import { STORAGE } from '#shared/cookies.ts'

/** Whether this device confirmed the age before. */
export function isAgeConfirmed(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(STORAGE.ageConfirmed) === '1'
  } catch {
    return false
  }
}

/** Remembers the confirmation (for this device, until storage is cleared). */
export function rememberAgeConfirmed(storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(STORAGE.ageConfirmed, '1')
  } catch {
    // Blocked storage: the shopper is asked again on the next page.
  }
}

/** The browser's local storage, or undefined where it is blocked. */
export function ageStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}
