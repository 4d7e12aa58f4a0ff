import { describe, expect, it } from 'vitest'
import { countLabel, formatDate, formatPrice, pluralize } from './format.ts'

const NBSP = '\u00a0'

describe('formatPrice', () => {
  it.each([
    [1299, `1${NBSP}299${NBSP}₽`],
    [0, `0${NBSP}₽`],
    [99.9, `99,90${NBSP}₽`],
    [1234567.5, `1${NBSP}234${NBSP}567,50${NBSP}₽`],
    [100.001, `100${NBSP}₽`],
  ])('prints %d roubles as %j', (value, expected) => {
    expect(formatPrice(value)).toBe(expected)
  })
})

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

describe('pluralize', () => {
  const forms = ['товар', 'товара', 'товаров'] as const
  it.each([
    [0, 'товаров'], [1, 'товар'], [2, 'товара'], [4, 'товара'], [5, 'товаров'], [11, 'товаров'],
    [12, 'товаров'], [14, 'товаров'], [21, 'товар'], [22, 'товара'], [101, 'товар'], [111, 'товаров'],
    [1.5, 'товара'], [-1, 'товар'],
  ])('%d gives %s', (n, expected) => {
    expect(pluralize(n, forms)).toBe(expected)
  })

  it('prints the count with its noun', () => {
    expect(countLabel(1024, forms)).toBe(`1${NBSP}024 товара`)
  })
})
