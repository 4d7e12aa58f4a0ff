import { describe, expect, it } from 'vitest'
import { calendarDay, formatDate } from './format-date.ts'

describe('formatDate', () => {
  it.each([
    ['2026-11-21', {}, '21 ноября 2026'],
    ['2026-01-05', { style: 'short' as const }, '05.01.2026'],
    // 21:30 UTC is already the next day in Moscow.
    ['2026-11-21T21:30:00Z', {}, '22 ноября 2026'],
    ['2026-11-21T12:30:00Z', { style: 'dateTime' as const }, '21 ноября 2026, 15:30'],
    ['not a date', {}, ''],
  ])('prints %j with %j as %j', (value, options, expected) => {
    expect(formatDate(value, options)).toBe(expected)
  })
})

// The hand-written dates must print exactly what ICU prints for ru-RU (the browser's and the server's Intl).
describe('the hand-written dates print what Intl prints for ru-RU', () => {
  it('dates in every style, in Moscow and as calendar dates', () => {
    const styles = {
      long: { day: 'numeric', month: 'long', year: 'numeric' },
      short: { day: '2-digit', month: '2-digit', year: 'numeric' },
      dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    } as const
    const formats = new Map<string, Intl.DateTimeFormat>()
    const intlDate = (date: Date, style: keyof typeof styles, timeZone: string) => {
      const key = `${style} ${timeZone}`
      if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat('ru-RU', { ...styles[style], timeZone }))
      const parts = formats.get(key)!.formatToParts(date)
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
      if (style === 'short') return `${part('day')}.${part('month')}.${part('year')}`
      const day = `${part('day')} ${part('month')} ${part('year')}`
      return style === 'dateTime' ? `${day}, ${part('hour')}:${part('minute')}` : day
    }
    for (let time = Date.UTC(2014, 9, 25, 22); time < Date.UTC(2031, 0, 1); time += 37 * 3_600_000 + 13 * 60_000) {
      const date = new Date(time)
      for (const style of ['long', 'short', 'dateTime'] as const) {
        expect(formatDate(date, { style }), date.toISOString()).toBe(intlDate(date, style, 'Europe/Moscow'))
        expect(formatDate(date.toISOString().slice(0, 10), { style }), date.toISOString()).toBe(
          intlDate(new Date(`${date.toISOString().slice(0, 10)}T00:00:00Z`), style, 'UTC'),
        )
      }
    }
    // Before Moscow's offset became fixed, and in other zones, Intl writes the date.
    expect(formatDate('2013-07-01T20:30:00Z', { style: 'dateTime' })).toBe('2 июля 2013, 00:30')
    expect(formatDate('2026-11-21T21:30:00Z', { timeZone: 'Asia/Vladivostok', style: 'dateTime' })).toBe(
      '22 ноября 2026, 07:30',
    )
  })
})

describe('calendarDay', () => {
  it("gives the day of Moscow's, UTC's or another zone's calendar, as Intl counts it", () => {
    const intl = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    const zones = ['Europe/Moscow', 'UTC', 'Asia/Vladivostok'].map((zone) => [zone, intl(zone)] as const)
    // From before Moscow's fixed offset (Intl's turn) to 2031, at hours that cross midnight in each zone.
    for (let time = Date.UTC(2013, 0, 1); time < Date.UTC(2031, 0, 1); time += 29 * 3_600_000 + 7 * 60_000) {
      const moment = new Date(time)
      for (const [zone, format] of zones)
        expect(calendarDay(moment, zone), moment.toISOString()).toBe(format.format(moment))
    }
    expect(calendarDay(new Date('2026-11-28T21:30:00Z'))).toBe('2026-11-29')
  })
})
