/**
 * Which barcode a loyalty card number is drawn as: EAN-13 when it is 13 digits with a valid check
 * digit (what a till scanner reads fastest), else Code 128 (set C for an even run of digits, the
 * densest; jsbarcode picks the sets for anything else). Undefined for a number no scanner can take.
 */

/** A format jsbarcode draws. */
export type BarcodeFormat = 'EAN13' | 'CODE128C' | 'CODE128'

/** Whether 13 digits end with their EAN-13 check digit. */
export function isEan13(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10 === Number(digits[12])
}

/** The format for a card number (spaces ignored); undefined when it is empty or not printable ASCII. */
export function barcodeFormat(cardNumber: string): BarcodeFormat | undefined {
  const value = cardNumber.replace(/\s+/g, '')
  if (!value || !/^[\x20-\x7e]+$/.test(value)) return undefined
  if (isEan13(value)) return 'EAN13'
  if (/^\d+$/.test(value) && value.length % 2 === 0) return 'CODE128C'
  return 'CODE128'
}

/** The number in groups of four, as printed on the card (`7788 0000 0010 0001`). */
export const groupedNumber = (cardNumber: string): string =>
  cardNumber.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')
