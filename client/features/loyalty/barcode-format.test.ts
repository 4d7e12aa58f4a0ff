import { describe, expect, it } from 'vitest'
import { barcodeFormat, groupedNumber, isEan13 } from './barcode-format.ts'

describe('loyalty card barcode format', () => {
  it.each([
    ['4006381333931', true],
    ['4006381333932', false],
    ['400638133393', false],
    ['40063813339a1', false],
  ])('tells whether %s is a valid EAN-13', (digits, valid) => {
    expect(isEan13(digits)).toBe(valid)
  })

  it.each([
    ['4006381333931', 'EAN13'],
    ['7788000000100001', 'CODE128C'],
    ['7788 0000 0010 0001', 'CODE128C'],
    ['778800001', 'CODE128'],
    ['AU-12345', 'CODE128'],
    ['', undefined],
    ['номер', undefined],
  ])('draws %j as %s', (number, format) => {
    expect(barcodeFormat(number)).toBe(format)
  })

  it('prints the number in groups of four', () => {
    expect(groupedNumber('7788000000100001')).toBe('7788 0000 0010 0001')
    expect(groupedNumber('4006381333931')).toBe('4006 3813 3393 1')
  })
})
