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

/**
 * The phone field's text after a keystroke, a paste or an autofill. The shopper may start with the
 * country prefix in any spelling Russians use: `8 916 123-45-67`, `+7 916…`, `7(916)…`, `8-916-…`.
 * A leading 8 or 7 is the prefix when it opens the input (typed into the empty field, or pasted with
 * the 10 digits after it); once the field shows `+7 (`, every digit belongs to the number. Ten digits
 * without a prefix (`916 123 45 67`, `812…`) are the national number as they are. Deleting back to the
 * bare prefix empties the field, so it can be cleared.
 */
export function formatPhoneInput(raw: string): string {
  const trimmed = raw.trimStart()
  const masked = /^\+\s*7/.test(trimmed)
  let digits = (masked ? trimmed.replace(/^\+\s*7/, '') : trimmed).replace(/\D/g, '')
  if (!masked) {
    if (/^[78]$/.test(digits)) return '+7 ('
    if (/^[78]/.test(digits) && digits.length !== NATIONAL_LENGTH) digits = digits.slice(1)
  } else if (digits.length === NATIONAL_LENGTH + 1 && /^[78]/.test(digits)) {
    // A whole number with its own prefix after `+7`: `+7 8916…`, or `89161234567` pasted into `+7 (`.
    digits = digits.slice(1)
  }
  if (!digits) return ''
  return applyMask(PHONE_MASK, `+7${digits.slice(0, NATIONAL_LENGTH)}`)
}

/** The masked display form of a gateway phone (`79000000001` → `+7 (900) 000-00-01`). */
export function formatPhone(phone: string): string {
  return applyMask(PHONE_MASK, `+7${phone.replace(/\D/g, '').slice(-NATIONAL_LENGTH)}`)
}
