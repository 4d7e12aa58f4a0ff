/**
 * ru-RU dates (articles, promotions, reviews, orders, delivery windows): written by hand in exactly
 * the text ICU writes (format.ts says why), with Intl as the fallback. Pure and deterministic
 * (explicit time zones), so the server and the browser print the same text. Apart from format.ts:
 * the goods cards of a first load print prices, never dates.
 */

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
function wallClock(
  date: Date,
  timeZone: string,
): { day: number; month: number; year: number; hour: number; minute: number } | undefined {
  const time = date.getTime()
  const shifted =
    timeZone === 'UTC'
      ? time
      : timeZone === 'Europe/Moscow' && time >= MOSCOW_FIXED_SINCE
        ? time + MOSCOW_OFFSET_MS
        : undefined
  if (shifted === undefined) return undefined
  const wall = new Date(shifted)
  const year = wall.getUTCFullYear()
  if (year < 1000 || year > 9999) return undefined
  return {
    day: wall.getUTCDate(),
    month: wall.getUTCMonth(),
    year,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  }
}

const twoDigits = (n: number): string => String(n).padStart(2, '0')

/**
 * `YYYY-MM-DD` of a moment on the calendar of `timeZone` (default Europe/Moscow, where the store's days
 * are counted). Written by hand where `formatDate` is; beyond it, from the parts of its kept formatter.
 */
export function calendarDay(moment: Date, timeZone = 'Europe/Moscow'): string {
  const wall = wallClock(moment, timeZone)
  if (wall) return `${wall.year}-${twoDigits(wall.month + 1)}-${twoDigits(wall.day)}`
  const parts = dateFormat('short', timeZone).formatToParts(moment)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

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
