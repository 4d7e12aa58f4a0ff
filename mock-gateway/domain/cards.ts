/** Card rules of the payment form: Luhn, expiry, network by number, and the allowed return URLs. */
import type { CardBrand } from '#shared/models/payment-cards.ts'

/** Whether a digit string passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The card network of a number by its first digits. */
export function cardBrand(digits: string): CardBrand {
  const first4 = Number(digits.slice(0, 4))
  if (first4 >= 2200 && first4 <= 2204) return 'mir'
  if (digits.startsWith('4')) return 'visa'
  if ((first4 >= 5100 && first4 <= 5599) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard'
  if (digits.startsWith('62')) return 'unionpay'
  return 'unknown'
}

/** The network's name as shoppers know it ('Мир'), for card names and payment titles. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  mir: 'Мир',
  visa: 'Visa',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  unknown: 'Карта',
}

/** Parses `MM/YY`; undefined when malformed, else whether it is still valid in the month of `now`. */
export function expiryValid(expiry: string, now: number): boolean | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())
  if (!match) return undefined
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return undefined
  const date = new Date(now)
  return year > date.getUTCFullYear() || (year === date.getUTCFullYear() && month >= date.getUTCMonth() + 1)
}

/**
 * Resolves a card form's return URL: a path of the storefront (not `//host` or `/\host`) or an absolute
 * URL of the storefront origin. Anything else is undefined: the form never redirects elsewhere.
 */
export function resolveReturnUrl(returnUrl: string, storefrontOrigin: string): string | undefined {
  if (/^\/(?![/\\])/.test(returnUrl)) {
    const url = new URL(returnUrl, storefrontOrigin)
    return url.origin === storefrontOrigin ? url.href : undefined
  }
  try {
    const url = new URL(returnUrl)
    return url.origin === storefrontOrigin ? url.href : undefined
  } catch {
    return undefined
  }
}

/** Adds `?key=value` (or `&key=value`) to a URL. */
export function withParam(url: string, key: string, value: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set(key, value)
  return parsed.href
}
