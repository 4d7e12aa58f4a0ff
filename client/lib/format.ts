/**
 * ru-RU formatting shared by every page: prices in roubles, dates and Russian plurals. Pure and
 * deterministic (explicit time zones), so the server and the browser print the same text.
 */

const wholeRoubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 })
const roublesWithKopecks = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const plainNumber = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 })

/** A price in roubles for ru-RU (`1 299 ₽`, `99,90 ₽`): kopecks only when the amount is not whole. */
export function formatPrice(roubles: number): string {
  const cents = Math.round(roubles * 100)
  return cents % 100 === 0 ? wholeRoubles.format(cents / 100) : roublesWithKopecks.format(cents / 100)
}

/** A number for ru-RU (`4,5`, `12 345`). */
export const formatNumber = (value: number): string => plainNumber.format(value)

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

/** A date for ru-RU; an invalid input gives an empty string (never throws). */
export function formatDate(value: Date | string | number, options: FormatDateOptions = {}): string {
  const { style = 'long', timeZone = 'Europe/Moscow' } = options
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value)
  const date = value instanceof Date ? value : new Date(dateOnly ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return ''
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
