/**
 * ru-RU formatting shared by every page: prices in roubles, dates and Russian plurals. Pure and
 * deterministic (explicit time zones), so the server and the browser print the same text.
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
const intlNumber = (value: number, options: Intl.NumberFormatOptions): string => new Intl.NumberFormat('ru-RU', options).format(value)
const roubles = (fractionDigits: number): Intl.NumberFormatOptions =>
  ({ style: 'currency', currency: 'RUB', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })

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
  if (!(Math.abs(value) < HAND_WRITTEN_LIMIT) || text.includes('e')) return intlNumber(value, { maximumFractionDigits: 1 })
  // ICU rounds the shortest decimal form of the number (1.15 is '1.15', rounded up), not its binary value.
  const [integer = '0', fraction = ''] = text.split('.')
  let tenths = Number(integer) * 10 + Number(fraction[0] ?? '0') + (Number(fraction[1] ?? '0') >= 5 ? 1 : 0)
  const sign = value < 0 && tenths > 0 ? '-' : ''
  const tenth = tenths % 10
  tenths = (tenths - tenth) / 10
  return `${sign}${groupDigits(String(tenths))}${tenth === 0 ? '' : `,${tenth}`}`
}

/** Options of `formatDate`. */
export interface FormatDateOptions {
  /** `long`: 21 ноября 2026; `short`: 21.11.2026; `dateTime`: 21 ноября 2026, 15:30. Default `long`. */
  style?: 'long' | 'short' | 'dateTime'
  /** Time zone of timestamps; date-only strings (`2026-11-21`) are always calendar dates. Default Europe/Moscow. */
  timeZone?: string
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormat(style: NonNullable<FormatDateOptions['style']>, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`
  let format = dateFormats.get(key)
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'short'
        ? { day: '2-digit', month: '2-digit', year: 'numeric' }
        : style === 'dateTime'
          ? { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }
          : { day: 'numeric', month: 'long', year: 'numeric' }
    format = new Intl.DateTimeFormat('ru-RU', { ...options, timeZone })
    dateFormats.set(key, format)
  }
  return format
}

/** Month names as ru-RU writes them after a day number. */
const MONTHS = 'января февраля марта апреля мая июня июля августа сентября октября ноября декабря'.split(' ')
/** Moscow has kept UTC+3 all year since this moment (26 October 2014); earlier dates go through Intl. */
const MOSCOW_FIXED_SINCE = Date.UTC(2014, 9, 25, 22)
const MOSCOW_OFFSET_MS = 3 * 3_600_000

/** The parts of `date` on the wall clock of `timeZone`, when they can be known without Intl. */
function wallClock(date: Date, timeZone: string): { day: number; month: number; year: number; hour: number; minute: number } | undefined {
  const time = date.getTime()
  const shifted = timeZone === 'UTC' ? time : timeZone === 'Europe/Moscow' && time >= MOSCOW_FIXED_SINCE ? time + MOSCOW_OFFSET_MS : undefined
  if (shifted === undefined) return undefined
  const wall = new Date(shifted)
  const year = wall.getUTCFullYear()
  if (year < 1000 || year > 9999) return undefined
  return { day: wall.getUTCDate(), month: wall.getUTCMonth(), year, hour: wall.getUTCHours(), minute: wall.getUTCMinutes() }
}

const twoDigits = (n: number): string => String(n).padStart(2, '0')

/** A date for ru-RU; an invalid input gives an empty string (never throws). */
export function formatDate(value: Date | string | number, options: FormatDateOptions = {}): string {
  const { style = 'long', timeZone = 'Europe/Moscow' } = options
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value)
  const date = value instanceof Date ? value : new Date(dateOnly ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return ''
  const wall = wallClock(date, dateOnly ? 'UTC' : timeZone)
  if (wall) {
    if (style === 'short') return `${twoDigits(wall.day)}.${twoDigits(wall.month + 1)}.${wall.year}`
    const day = `${wall.day} ${MONTHS[wall.month]} ${wall.year}`
    return style === 'dateTime' ? `${day}, ${twoDigits(wall.hour)}:${twoDigits(wall.minute)}` : day
  }
  // Assembled from parts: ICU versions differ in the glue ('г.', ' в '), and the server and the
  // browser must print the same text.
  const parts = dateFormat(style, dateOnly ? 'UTC' : timeZone).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  if (style === 'short') return `${part('day')}.${part('month')}.${part('year')}`
  const day = `${part('day')} ${part('month')} ${part('year')}`
  return style === 'dateTime' ? `${day}, ${part('hour')}:${part('minute')}` : day
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
export const countLabel = (n: number, forms: readonly [string, string, string]): string => `${formatNumber(n)} ${pluralize(n, forms)}`
