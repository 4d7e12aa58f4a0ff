import { describe, expect, it } from 'vitest'
import { slotDay, slotLabel } from './delivery-slots.ts'

describe('slotDay', () => {
  // Saturday 28 November 2026, 23:10 in Moscow (20:10 UTC).
  const now = new Date('2026-11-28T20:10:00Z')

  it('names today and tomorrow with the weekday, as a shopper counts days', () => {
    expect(slotDay('2026-11-28', now)).toBe('сегодня, сб, 28 ноября')
    expect(slotDay('2026-11-29', now)).toBe('завтра, вс, 29 ноября')
    expect(slotDay('2026-11-30', now)).toBe('пн, 30 ноября')
  })

  it('counts the day in Moscow, not in UTC', () => {
    // 00:30 in Moscow on the 29th is still the 28th in UTC.
    expect(slotDay('2026-11-29', new Date('2026-11-28T21:30:00Z'))).toBe('сегодня, вс, 29 ноября')
  })

  it('gives the weekday and date alone without a clock (the order page)', () => {
    expect(slotLabel({ date: '2026-11-29', from: '14:00', to: '18:00' })).toBe('вс, 29 ноября, 14:00–18:00')
  })
})
