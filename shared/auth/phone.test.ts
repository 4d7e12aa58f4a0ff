import { describe, expect, it } from 'vitest'
import { formatPhone, formatPhoneInput, nationalDigits, normalizePhone } from './phone.ts'

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

describe('formatPhoneInput', () => {
  // The spellings Russians type, paste or get from autofill: the 8 or 7 in front is the country prefix.
  it.each([
    ['8 916 123-45-67', '+7 (916) 123-45-67'],
    ['89161234567', '+7 (916) 123-45-67'],
    ['8 (916) 123-45-67', '+7 (916) 123-45-67'],
    ['8-916-123-45-67', '+7 (916) 123-45-67'],
    ['8(916)1234567', '+7 (916) 123-45-67'],
    ['+7 916 123 45 67', '+7 (916) 123-45-67'],
    ['+79161234567', '+7 (916) 123-45-67'],
    ['+7 (916) 123-45-67', '+7 (916) 123-45-67'],
    ['+7(916)123-45-67', '+7 (916) 123-45-67'],
    ['7 916 123 45 67', '+7 (916) 123-45-67'],
    ['79161234567', '+7 (916) 123-45-67'],
    ['9161234567', '+7 (916) 123-45-67'],
    ['916 123 45 67', '+7 (916) 123-45-67'],
    ['+7 8 916 123 45 67', '+7 (916) 123-45-67'],
    ['+7 (89161234567', '+7 (916) 123-45-67'],
    ['8 812 123-45-67', '+7 (812) 123-45-67'],
    ['8123456789', '+7 (812) 345-67-89'],
    [' 8 916 123-45-67 ', '+7 (916) 123-45-67'],
  ])('reads %j as %s', (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected)
    expect(normalizePhone(formatPhoneInput(input))).toBe(`7${expected.replace(/\D/g, '').slice(1)}`)
  })

  it('turns a first 8 or 7 into the prefix and keeps later eights as digits', () => {
    expect(formatPhoneInput('8')).toBe('+7 (')
    expect(formatPhoneInput('7')).toBe('+7 (')
    expect(formatPhoneInput('+7 (9')).toBe('+7 (9')
    expect(formatPhoneInput('+7 (8')).toBe('+7 (8')
    expect(formatPhoneInput('+7 (916) 8')).toBe('+7 (916) 8')
    expect(formatPhoneInput('9')).toBe('+7 (9')
  })

  it('types 8 916 123-45-67 key by key into +7 (916) 123-45-67', () => {
    let value = ''
    for (const key of '89161234567') value = formatPhoneInput(value + key)
    expect(value).toBe('+7 (916) 123-45-67')
  })

  it('lets the shopper delete back to an empty field', () => {
    expect(formatPhoneInput('+7 ')).toBe('')
    expect(formatPhoneInput('+7')).toBe('')
    expect(formatPhoneInput('+')).toBe('')
    expect(formatPhoneInput('')).toBe('')
  })

  it('ignores extra digits past a full number', () => {
    expect(formatPhoneInput('+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67')
  })
})
