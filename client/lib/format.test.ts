import { describe, expect, it } from 'vitest'
import { countLabel, formatNumber, formatPrice, pluralize } from './format.ts'

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

describe('pluralize', () => {
  const forms = ['товар', 'товара', 'товаров'] as const
  it.each([
    [0, 'товаров'],
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [14, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [101, 'товар'],
    [111, 'товаров'],
    [1.5, 'товара'],
    [-1, 'товар'],
  ])('%d gives %s', (n, expected) => {
    expect(pluralize(n, forms)).toBe(expected)
  })

  it('prints the count with its noun', () => {
    expect(countLabel(1024, forms)).toBe(`1${NBSP}024 товара`)
  })
})

// The hand-written forms must print exactly what ICU prints for ru-RU (the browser's and the server's
// Intl), over the values the storefront shows.
describe('the hand-written forms print what Intl prints for ru-RU', () => {
  const whole = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 })
  const kopecks = new Intl.NumberFormat('ru-RU', {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const plain = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 })
  const intlPrice = (roubles: number) => {
    const cents = Math.round(roubles * 100)
    return cents % 100 === 0 ? whole.format(cents / 100) : kopecks.format(cents / 100)
  }

  it('prices', () => {
    const values = [
      0,
      0.01,
      0.5,
      0.99,
      1,
      9.9,
      99.99,
      100.001,
      999.995,
      1000,
      123456.78,
      1234567.5,
      999999999.99,
      -1,
      -99.9,
      -1299,
      1e12,
      2.5e13 + 0.5,
    ]
    for (let roubles = 1; roubles < 2_000_000; roubles = Math.ceil(roubles * 1.37) + 3)
      values.push(roubles, roubles + 0.1, roubles + 0.05, roubles + 0.999)
    for (const value of values) expect(formatPrice(value), String(value)).toBe(intlPrice(value))
  })

  it('numbers with at most one decimal', () => {
    const values = [
      0,
      1,
      4.5,
      1.05,
      1.15,
      2.25,
      0.05,
      0.95,
      9.95,
      99.95,
      1024,
      12345.67,
      1e9 + 0.25,
      -1,
      -4.5,
      -1.15,
      1e12,
      1e21,
      1e-7,
    ]
    for (let hundredths = 0; hundredths <= 100_000; hundredths += 7) values.push(hundredths / 100)
    for (const value of values) expect(formatNumber(value), String(value)).toBe(plain.format(value))
  })
})
