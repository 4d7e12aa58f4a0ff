import { describe, expect, it } from 'vitest'
import { canonicalCodes, codeLengths, encodeWebp, prefixOf } from './webp.ts'

/** The spec's decoding of a length or distance prefix (RFC 9649, section 5.2.2). */
function decodePrefix(symbol: number, extra: number): number {
  if (symbol < 4) return symbol + 1
  const extraBits = (symbol - 2) >> 1
  const offset = (2 + (symbol & 1)) << extraBits
  return offset + extra + 1
}

/** Kraft's sum of a code's lengths: 1 for a complete prefix code. */
const kraft = (lengths: number[]) => lengths.reduce((sum, length) => sum + (length > 0 ? 2 ** -length : 0), 0)

describe('the WebP encoder of the mock pictures', () => {
  it('writes every length and distance as the prefix and extra bits the decoder reads back', () => {
    for (const value of [...Array.from({ length: 5000 }, (_, i) => i + 1), 65_535, 65_536, 2 ** 20]) {
      const { symbol, extraBits, extra } = prefixOf(value)
      expect(extra).toBeLessThan(2 ** Math.max(extraBits, 0) || 1)
      expect(decodePrefix(symbol, extra)).toBe(value)
    }
    expect(prefixOf(4096).symbol).toBeLessThan(24)
  })

  it('builds complete codes within the length limit, also from skewed counts', () => {
    const skewed = Array.from({ length: 19 }, (_, i) => 2 ** i)
    const lengths = codeLengths(skewed, 7)
    expect(Math.max(...lengths)).toBeLessThanOrEqual(7)
    expect(kraft(lengths)).toBe(1)
    const sparse = new Array<number>(280).fill(0)
    sparse[3] = 500
    sparse[200] = 7
    sparse[259] = 1
    expect(kraft(codeLengths(sparse, 15))).toBe(1)
    expect(codeLengths([0, 0, 9], 15)).toEqual([0, 0, 1])
  })

  it('gives canonical codes: shorter first, then by symbol (RFC 1951 example)', () => {
    expect(canonicalCodes([3, 3, 3, 3, 3, 2, 4, 4])).toEqual([0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111])
  })

  it('wraps a lossless bitstream of the picture size in a RIFF file', () => {
    const pixels = new Uint32Array(600 * 400).fill(0xffe0c0a0)
    for (let i = 1000; i < 5000; i++) pixels[i] = 0xff204060
    const file = encodeWebp(600, 400, pixels)
    expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(file.readUInt32LE(4)).toBe(file.length - 8)
    expect(file.subarray(8, 16).toString('latin1')).toBe('WEBPVP8L')
    expect(file.readUInt32LE(16)).toBeLessThanOrEqual(file.length - 20)
    expect(file[20]).toBe(0x2f)
    const header = file.readUInt32LE(21)
    expect((header & 0x3fff) + 1).toBe(600)
    expect(((header >>> 14) & 0x3fff) + 1).toBe(400)
    expect(header >>> 28).toBe(0) // no alpha hint, version 0
    // Flat pictures are a few hundred bytes, and the same pixels give the same file.
    expect(file.length).toBeLessThan(400)
    expect(encodeWebp(600, 400, pixels).equals(file)).toBe(true)
  })

  it('refuses sizes VP8L cannot hold and pixel counts that do not match', () => {
    expect(() => encodeWebp(0, 10, new Uint32Array(0))).toThrow(RangeError)
    expect(() => encodeWebp(16385, 1, new Uint32Array(16385))).toThrow(RangeError)
    expect(() => encodeWebp(10, 10, new Uint32Array(99))).toThrow(RangeError)
  })
})
