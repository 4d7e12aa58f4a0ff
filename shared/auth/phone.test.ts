import { describe, expect, it } from 'vitest'
import { formatPhone, nationalDigits, normalizePhone } from './phone.ts'

describe('normalizePhone', () => {
  it.each([
    ['+7 (900) 000-00-01', '79000000001'],
    ['9000000002', '79000000002'],
    ['89000000001', '79000000001'],
    ['+79161234567', '79161234567'],
    ['7 916 123 45 67', '79161234567'],
    ['+7 (495) 123-45-67', '74951234567'],
  ])('sends %j as %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected)
  })

  it.each([[''], ['+7 (900) 000-00'], ['123'], ['+7 (100) 000-00-01'], ['+7 (000) 000-00-00'], ['abcdefghij']])(
    'refuses %j',
    (input) => {
      expect(normalizePhone(input)).toBeUndefined()
    },
  )
})

describe('nationalDigits', () => {
  it.each([
    ['+7 (9', '9'],
    ['+7 (900) 1', '9001'],
    ['900 000 00 01 99', '9000000001'],
  ])('reads %j as %s', (input, expected) => {
    expect(nationalDigits(input)).toBe(expected)
  })
})

describe('formatPhone', () => {
  it('masks a gateway phone for display', () => {
    expect(formatPhone('79000000001')).toBe('+7 (900) 000-00-01')
  })
})
