/**
 * ru-RU formatting shared by every page: prices in roubles, numbers and Russian plurals (dates:
 * format-date.ts, which the first load of a page with product cards does not need). Pure and
 * deterministic, so the server and the browser print the same text.
 */

/*
 * Prices, numbers and most dates are written by hand, in exactly the text ICU writes for ru-RU (the
 * tests compare the two): the first use of Intl in a page loads the browser's locale data, about 25 ms
 * of main thread on a mid-range phone, and the home page's first load then needs none. Intl stays the
 * fallback for what the hand-written forms do not cover.
 */

/** ru-RU groups digits by three with a no-break space. */
const NBSP = '\u00a0'
const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, NBSP)
/** Far above any price: beyond it, sums in cents or tenths could outgrow exact integers, and Intl writes them. */
const HAND_WRITTEN_LIMIT = 1e12

/** Intl's ru-RU form of what the hand-written forms leave to it (numbers beyond `HAND_WRITTEN_LIMIT`). */
const intlNumber = (value: number, options: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat('ru-RU', options).format(value)
const roubles = (fractionDigits: number): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: fractionDigits,
  maximumFractionDigits: fractionDigits,
})

/** A price in roubles for ru-RU (`1 299 ₽`, `99,90 ₽`): kopecks only when the amount is not whole. */
export function formatPrice(amount: number): string {
  const cents = Math.round(amount * 100)
  if (!(Math.abs(amount) < HAND_WRITTEN_LIMIT)) return intlNumber(cents / 100, roubles(cents % 100 === 0 ? 0 : 2))
  const abs = Math.abs(cents)
  const kopecks = abs % 100
  const sign = cents < 0 ? '-' : ''
  return `${sign}${groupDigits(String((abs - kopecks) / 100))}${kopecks === 0 ? '' : `,${String(kopecks).padStart(2, '0')}`}${NBSP}₽`
}

/** A number for ru-RU (`4,5`, `12 345`): at most one decimal, rounded half away from zero as ICU does. */
export function formatNumber(value: number): string {
  const text = String(Math.abs(value))
  if (!(Math.abs(value) < HAND_WRITTEN_LIMIT) || text.includes('e'))
    return intlNumber(value, { maximumFractionDigits: 1 })
  // ICU rounds the shortest decimal form of the number (1.15 is '1.15', rounded up), not its binary value.
  const [integer = '0', fraction = ''] = text.split('.')
  let tenths = Number(integer) * 10 + Number(fraction[0] ?? '0') + (Number(fraction[1] ?? '0') >= 5 ? 1 : 0)
  const sign = value < 0 && tenths > 0 ? '-' : ''
  const tenth = tenths % 10
  tenths = (tenths - tenth) / 10
  return `${sign}${groupDigits(String(tenths))}${tenth === 0 ? '' : `,${tenth}`}`
}

/** The Russian plural form for n: `pluralize(3, ['товар', 'товара', 'товаров'])` gives 'товара'. */
export function pluralize(n: number, forms: readonly [one: string, few: string, many: string]): string {
  if (!Number.isInteger(n)) return forms[1]
  const abs = Math.abs(n)
  const mod10 = abs % 10
  const mod100 = abs % 100
  if (mod10 === 1 && mod100 !== 11) return forms[0]
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1]
  return forms[2]
}

/** The number with its plural noun: `5 товаров`. */
export const countLabel = (n: number, forms: readonly [string, string, string]): string =>
  `${formatNumber(n)} ${pluralize(n, forms)}`
