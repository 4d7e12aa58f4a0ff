import { describe, expect, it } from 'vitest'
import type { OpeningHours } from '#shared/models/stores.ts'
import { openingState, regionUtcOffset, stateBesideSchedule, storeStateNow } from './opening-state.ts'

const week = (opens: string, closes: string, closedOn: number[] = []): OpeningHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((day) =>
    closedOn.includes(day) ? { day, opens: null, closes: null } : { day, opens, closes },
  )
/** An instant given as Moscow wall-clock time (28 November 2026 is a Saturday). */
const msk = (local: string) => new Date(`${local}+03:00`)

describe('openingState', () => {
  it.each([
    ['2026-11-28T23:11', week('10:00', '22:00'), 'Закрыто · откроется завтра в 10:00'],
    ['2026-11-28T12:00', week('10:00', '22:00'), 'Открыто до 22:00'],
    ['2026-11-28T09:59', week('10:00', '22:00'), 'Закрыто · откроется в 10:00'],
    ['2026-11-28T22:00', week('10:00', '22:00'), 'Закрыто · откроется завтра в 10:00'],
    ['2026-11-28T21:00', week('10:00', '20:00', [7]), 'Закрыто · откроется в понедельник в 10:00'],
    ['2026-11-28T21:00', week('10:00', '20:00', [1, 7]), 'Закрыто · откроется во вторник в 10:00'],
    ['2026-11-28T23:30', week('08:00', '02:00'), 'Открыто до 02:00'],
    ['2026-11-29T01:30', week('08:00', '02:00'), 'Открыто до 02:00'],
    ['2026-11-29T03:00', week('08:00', '02:00'), 'Закрыто · откроется в 08:00'],
    ['2026-11-28T03:00', week('00:00', '24:00'), 'Открыто круглосуточно'],
    ['2026-11-28T12:00', week('10:00', '22:00', [1, 2, 3, 4, 5, 6, 7]), undefined],
  ])('at %s (MSK) reads %s', (local, hours, expected) => {
    expect(openingState(hours, msk(local), 3)).toBe(expected)
  })

  it('reads the hours on the store’s own clock', () => {
    // 23:11 in Moscow is 01:11 on Sunday in Novosibirsk.
    const novosibirsk = { openingHours: week('10:00', '22:00'), city: { region: 'Новосибирская область' } }
    expect(storeStateNow(novosibirsk, msk('2026-11-28T23:11'))).toBe('Закрыто · откроется в 10:00')
    // 19:30 in Moscow is 21:30 in Yekaterinburg: still open there until 22:00, closed at 20:00 in Moscow.
    const yekaterinburg = { openingHours: week('10:00', '22:00'), city: { region: 'Свердловская область' } }
    expect(storeStateNow(yekaterinburg, msk('2026-11-28T19:30'))).toBe('Открыто до 22:00')
    expect(storeStateNow(yekaterinburg, msk('2026-11-28T20:30'))).toBe('Закрыто · откроется завтра в 10:00')
  })
})

describe('stateBesideSchedule', () => {
  it.each([
    ['Ежедневно 10:00–22:00', 'Открыто до 22:00', 'Открыто сейчас'],
    ['Ежедневно 10:00–22:00', 'Закрыто · откроется в 10:00', 'Закрыто сейчас'],
    ['Ежедневно 10:00–22:00', 'Закрыто · откроется завтра в 10:00', 'Закрыто · откроется завтра'],
    [
      'Пн–Сб 10:00–20:00, Вс выходной',
      'Закрыто · откроется в понедельник в 10:00',
      'Закрыто · откроется в понедельник',
    ],
    ['Ежедневно 10:00–22:00', 'Открыто до 02:00', 'Открыто до 02:00'],
    ['Ежедневно 00:00–24:00', 'Открыто круглосуточно', 'Открыто круглосуточно'],
  ])('beside «%s» says «%s» as «%s»', (schedule, state, said) => {
    expect(stateBesideSchedule(schedule, state)).toBe(said)
  })
})

describe('regionUtcOffset', () => {
  it.each([
    ['Москва', 3],
    ['Республика Татарстан', 3],
    ['Калининградская область', 2],
    ['Самарская область', 4],
    ['Свердловская область', 5],
    ['Новосибирская область', 7],
    ['Сахалинская область', 11],
    ['Республика Саха (Якутия)', 9],
    ['Приморский край', 10],
    ['', 3],
  ])('%s is UTC+%i', (region, offset) => {
    expect(regionUtcOffset(region)).toBe(offset)
  })
})
