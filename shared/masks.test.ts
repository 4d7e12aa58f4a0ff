import { describe, expect, it } from 'vitest'
import {
  applyCharsetMask,
  applyMask,
  CARD_NAME,
  DATE_MASK,
  formatNumberInput,
  isMaskComplete,
  OTP_MASK,
  parseNumberInput,
  PHONE_MASK,
  unmask,
} from './masks.ts'

const NBSP = '\u00a0'

describe('applyMask', () => {
  it.each([
    ['#', 'digit slot takes a digit', '##-##', '1234', '12-34'],
    ['#', 'digit slot skips letters', '##-##', 'a1b2c3', '12-3'],
    ['@', 'letter slot takes latin and cyrillic letters', '@@-@@', 'abЖЯ', 'ab-ЖЯ'],
    ['@', 'letter slot skips digits', '@@', '1a2b', 'ab'],
    ['*', 'alphanumeric slot takes both', '***', 'a1Я', 'a1Я'],
    ['*', 'alphanumeric slot skips punctuation', '***', 'a-1!Я', 'a1Я'],
    ['literal', 'no trailing literals after the last filled slot', '##-##', '12', '12'],
    ['literal', 'typed literal is consumed once', '##-##', '12-34', '12-34'],
    ['literal', 'no leading literals for empty input', PHONE_MASK, '', ''],
    ['overflow', 'extra input is cut at the pattern end', OTP_MASK, '1234567', '12345'],
    ['phone', 'national digits', PHONE_MASK, '9001234567', '+7 (900) 123-45-67'],
    ['phone', 'first digit gets the prefix', PHONE_MASK, '9', '+7 (9'],
    [
      'phone',
      'digits with the country prefix are taken as typed by the mask',
      PHONE_MASK,
      '+79001234567',
      '+7 (900) 123-45-67',
    ],
    ['phone', 'pasted 7-prefixed digits', PHONE_MASK, '79001234567', '+7 (900) 123-45-67'],
    ['phone', 'already masked value is unchanged', PHONE_MASK, '+7 (900) 123-45-67', '+7 (900) 123-45-67'],
    ['phone', 'partially deleted value', PHONE_MASK, '+7 (900) 12', '+7 (900) 12'],
    ['date', 'day month year', DATE_MASK, '01021990', '01.02.1990'],
    ['date', 'junk only gives empty', DATE_MASK, 'abc', ''],
  ])('%s: %s', (_group, _name, pattern, raw, expected) => {
    expect(applyMask(pattern, raw)).toBe(expected)
  })
})

describe('unmask and isMaskComplete', () => {
  it.each([
    [PHONE_MASK, '+7 (900) 123-45-67', '9001234567', true],
    [PHONE_MASK, '+7 (900) 123', '900123', false],
    [PHONE_MASK, '', '', false],
    [OTP_MASK, '12345', '12345', true],
    [OTP_MASK, '1234', '1234', false],
    [DATE_MASK, '01.02.1990', '01021990', true],
  ])('%s with %j gives %j (complete: %s)', (pattern, masked, raw, complete) => {
    expect(unmask(pattern, masked)).toBe(raw)
    expect(isMaskComplete(pattern, masked)).toBe(complete)
  })
})

describe('applyCharsetMask', () => {
  it.each([
    ['Моя карта', 'Моя карта'],
    ['Card <script>', 'Card script'],
    ['x'.repeat(30), 'x'.repeat(24)],
  ])('card name %j gives %j', (raw, expected) => {
    expect(applyCharsetMask(CARD_NAME, raw)).toBe(expected)
  })
})

describe('formatNumberInput', () => {
  it.each([
    ['', {}, ''],
    ['1234567', {}, `1${NBSP}234${NBSP}567`],
    ['1000', {}, `1${NBSP}000`],
    ['0012', {}, '12'],
    ['12,5', { fractionDigits: 2 }, '12,5'],
    ['12.5', { fractionDigits: 2 }, '12,5'],
    ['12,', { fractionDigits: 2 }, '12,'],
    [',5', { fractionDigits: 2 }, '0,5'],
    ['12,3456', { fractionDigits: 2 }, '12,34'],
    ['12,5', { fractionDigits: 0 }, '125'],
    ['-15', {}, '-15'],
    ['-15', { unsigned: true }, '15'],
    ['-', {}, '-'],
    ['-', { unsigned: true }, ''],
    ['1234.5', { fractionDigits: 1, locale: 'en-US' }, '1,234.5'],
    ['1,234.5', { fractionDigits: 1, locale: 'en-US' }, '1,234.5'],
    [`12${NBSP}345,67`, { fractionDigits: 2 }, `12${NBSP}345,67`],
    ['abc', {}, ''],
  ])('%j with %j gives %j', (raw, options, expected) => {
    expect(formatNumberInput(raw, options)).toBe(expected)
  })
})

describe('parseNumberInput', () => {
  it.each([
    [`1${NBSP}234${NBSP}567`, {}, 1234567],
    ['12,5', { fractionDigits: 2 }, 12.5],
    ['-15', {}, -15],
    ['-15', { unsigned: true }, 15],
    ['1,234.5', { fractionDigits: 1, locale: 'en-US' }, 1234.5],
    ['', {}, undefined],
    ['-', {}, undefined],
  ])('%j with %j gives %j', (text, options, expected) => {
    expect(parseNumberInput(text, options)).toBe(expected)
  })
})
