import zxing from '@zxing/library'
import { describe, expect, it } from 'vitest'
import { qrModules, qrPath } from './qr-modules.ts'

// The package is CommonJS: its names come through the default export.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing

/** What a scanner reads from the modules drawn 4 px each, with the 4-module quiet zone. */
function scan(modules: boolean[][]): string {
  const scale = 4
  const side = (modules.length + 8) * scale
  const grey = new Uint8ClampedArray(side * side).fill(255)
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) grey[((y + 4) * scale + dy) * side + (x + 4) * scale + dx] = 0
    }),
  )
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, side, side)))
  return new QRCodeReader().decode(bitmap).getText()
}

describe('the QR code of an order', () => {
  it.each(['AU-100004', 'заказ o-17'])('encodes %s so that a scanner reads it back', (text) => {
    expect(scan(qrModules(text))).toBe(text)
  })

  it('draws each run of dark modules once, shifted by the quiet zone', () => {
    expect(
      qrPath([
        [true, true, false],
        [false, true, false],
      ]),
    ).toBe('M4 4h2v1h-2zM5 5h1v1h-1z')
  })
})
