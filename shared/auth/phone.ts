/** Phone numbers of the login form (spec section 5): digits only, the country prefix 7 in front of the 10 entered digits. */
import { PHONE_MASK, applyMask } from '../masks.ts'

/** The country prefix sent in front of the national number. */
const COUNTRY_PREFIX = '7'
/** Digits of a national (Russian) number. */
const NATIONAL_LENGTH = 10
/** The message of an invalid phone (spec section 5). */
export const INVALID_PHONE_MESSAGE = 'Номер телефона введён некорректно'

/**
 * The 10 national digits the shopper entered: from the masked field (`+7 (900) 000-00-01`), or pasted
 * as `89000000001`, `+79000000001` or `9000000001`. Extra characters are dropped.
 */
export function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '')
  if (input.trim().startsWith('+7') || (digits.length === NATIONAL_LENGTH + 1 && /^[78]/.test(digits))) {
    return digits.slice(1, NATIONAL_LENGTH + 1)
  }
  return digits.slice(0, NATIONAL_LENGTH)
}

/** Whether the national digits form a possible Russian number (10 digits, not starting with 0, 1 or 2). */
const isValidNational = (national: string): boolean => /^[3-9]\d{9}$/.test(national)

/** The phone as the gateway wants it (`79000000001`), or undefined when the input is not a valid number. */
export function normalizePhone(input: string): string | undefined {
  const national = nationalDigits(input)
  return isValidNational(national) ? COUNTRY_PREFIX + national : undefined
}

/** The masked display form of a gateway phone (`79000000001` → `+7 (900) 000-00-01`). */
export function formatPhone(phone: string): string {
  return applyMask(PHONE_MASK, `+7${phone.replace(/\D/g, '').slice(-NATIONAL_LENGTH)}`)
}
