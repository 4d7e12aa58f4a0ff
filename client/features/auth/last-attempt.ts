/**
 * The last OTP attempt on this device (spec section 3): id, expiry and phone in local storage; and the
 * verified phone a registration is for, in session storage.
 */
import { STORAGE } from '#shared/cookies.ts'
import type { LastOtpAttempt } from '#shared/auth/login-machine.ts'

/** Reads the stored attempt; undefined when absent, malformed or storage is unavailable. */
export function readLastAttempt(): LastOtpAttempt | undefined {
  try {
    const raw = localStorage.getItem(STORAGE.lastOtpAttempt)
    if (!raw) return undefined
    const value = JSON.parse(raw) as Partial<LastOtpAttempt>
    if (typeof value.attemptId !== 'string' || typeof value.expiresAt !== 'number' || typeof value.phone !== 'string')
      return undefined
    return { attemptId: value.attemptId, expiresAt: value.expiresAt, phone: value.phone }
  } catch {
    return undefined
  }
}

/** Session-storage key: the shopper left the code step with «Изменить номер» (the sheet reopens on the number). */
const PHONE_EDITING_KEY = 'app.login.editingPhone'

/** Whether the shopper left the code step to correct the number, in this tab. */
export function isPhoneEditing(): boolean {
  try {
    return sessionStorage.getItem(PHONE_EDITING_KEY) === '1'
  } catch {
    return false
  }
}

/** Notes (or forgets) that the shopper left the code step to correct the number. */
export function markPhoneEditing(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(PHONE_EDITING_KEY, '1')
    else sessionStorage.removeItem(PHONE_EDITING_KEY)
  } catch {
    // Private mode: the sheet then reopens on the code step.
  }
}

/** Stores the attempt (best effort); a new attempt ends the correction of the number. */
export function writeLastAttempt(attempt: LastOtpAttempt): void {
  markPhoneEditing(false)
  try {
    localStorage.setItem(STORAGE.lastOtpAttempt, JSON.stringify(attempt))
  } catch {
    // Private mode: the same-phone shortcut is simply unavailable.
  }
}

/** Forgets the attempt (its code was used or invalidated). */
export function clearLastAttempt(): void {
  try {
    localStorage.removeItem(STORAGE.lastOtpAttempt)
  } catch {
    // Nothing to clear.
  }
}

/** Session-storage key of the verified phone a registration is for (kept out of the first load's STORAGE). */
const REGISTRATION_PHONE_KEY = 'auth.registrationPhone'

/** Keeps the verified phone a registration is for, for this tab (the form shows it). */
export function rememberRegistrationPhone(phone: string): void {
  try {
    sessionStorage.setItem(REGISTRATION_PHONE_KEY, phone)
  } catch {
    // The form then simply does not show the number.
  }
}

/** The verified phone a registration is for, if this tab knows it. */
export function readRegistrationPhone(): string | undefined {
  try {
    return sessionStorage.getItem(REGISTRATION_PHONE_KEY) ?? undefined
  } catch {
    return undefined
  }
}
