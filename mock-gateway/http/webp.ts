/**
 * A lossless WebP (VP8L, RFC 9649) encoder for the mock's generated pictures: flat colours and simple
 * shapes, so no transforms and no colour cache; each row is copied from the row above when it is the
 * same, otherwise written as runs (one literal pixel, then a copy of the pixel to its left). Each of
 * the five prefix codes is a canonical Huffman code built from the counts of its symbols.
 */

/** Bits written least significant first, as VP8L reads them. */
class BitWriter {
  private bytes: number[] = []
  private current = 0
  private used = 0

  write(value: number, bits: number): void {
    for (let i = 0; i < bits; i++) {
      this.current |= ((value >>> i) & 1) << this.used
      if (++this.used === 8) {
        this.bytes.push(this.current)
        this.current = 0
        this.used = 0
      }
    }
  }

  /** A Huffman code: its most significant bit first. */
  writeCode(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.write((code >>> i) & 1, 1)
  }

  finish(): Buffer {
    if (this.used > 0) this.bytes.push(this.current)
    this.current = 0
    this.used = 0
    return Buffer.from(this.bytes)
  }
}

/** Alphabet sizes of the five prefix codes: green with the 24 length prefixes, red, blue, alpha, distance. */
const GREEN = 0
const RED = 1
const BLUE = 2
const ALPHA = 3
const DISTANCE = 4
const ALPHABETS = [256 + 24, 256, 256, 256, 40]
/** The order the code lengths of the code-length code are written in. */
const CODE_LENGTH_ORDER = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
/** Distance codes of the two neighbours the runs copy from (the spec's distance map). */
const ABOVE = 1
const LEFT = 2
/** The longest copy one backward reference makes. */
const MAX_COPY = 4096

/** A value (1 or more) as its prefix symbol and extra bits, for lengths and distances. */
export function prefixOf(value: number): { symbol: number; extraBits: number; extra: number } {
  const v = value - 1
  if (v < 4) return { symbol: v, extraBits: 0, extra: 0 }
  const highest = 31 - Math.clz32(v)
  const second = (v >>> (highest - 1)) & 1
  const extraBits = highest - 1
  return { symbol: 2 * highest + second, extraBits, extra: v & ((1 << extraBits) - 1) }
}

/** Huffman code lengths for `counts`, none longer than `limit` (rare symbols are counted up until it fits). */
export function codeLengths(counts: readonly number[], limit: number): number[] {
  const used = counts.flatMap((count, symbol) => (count > 0 ? [symbol] : []))
  const lengths = counts.map(() => 0)
  if (used.length === 1) {
    lengths[used[0]!] = 1
    return lengths
  }
  for (let floor = 1; ; floor *= 2) {
    type Node = { weight: number; symbols: number[] }
    let nodes: Node[] = used.map((symbol) => ({ weight: Math.max(counts[symbol]!, floor), symbols: [symbol] }))
    const depth = new Map<number, number>(used.map((symbol) => [symbol, 0]))
    while (nodes.length > 1) {
      nodes.sort((a, b) => a.weight - b.weight)
      const [a, b] = nodes as [Node, Node]
      for (const symbol of [...a.symbols, ...b.symbols]) depth.set(symbol, depth.get(symbol)! + 1)
      nodes = [{ weight: a.weight + b.weight, symbols: [...a.symbols, ...b.symbols] }, ...nodes.slice(2)]
    }
    if (Math.max(...depth.values()) <= limit) {
      for (const [symbol, length] of depth) lengths[symbol] = length
      return lengths
    }
  }
}

/** Canonical codes of `lengths` (shorter codes first, then by symbol), as Deflate and VP8L build them. */
export function canonicalCodes(lengths: readonly number[]): number[] {
  const maxLength = Math.max(0, ...lengths)
  const perLength = new Array<number>(maxLength + 1).fill(0)
  for (const length of lengths) if (length > 0) perLength[length]!++
  const next = new Array<number>(maxLength + 1).fill(0)
  for (let length = 1, code = 0; length <= maxLength; length++) {
    code = (code + perLength[length - 1]!) << 1
    next[length] = code
  }
  return lengths.map((length) => (length > 0 ? next[length]!++ : 0))
}

/** One symbol of the pixel stream: a literal pixel or a backward reference. */
type Token = { literal: number } | { length: number; distance: number }

/** The rows as tokens: a row like the one above is copied from above, the others go in runs. */
function tokensOf(width: number, height: number, pixels: Uint32Array): Token[] {
  const tokens: Token[] = []
  const copy = (count: number, distance: number) => {
    for (let left = count; left > 0; left -= MAX_COPY) tokens.push({ length: Math.min(left, MAX_COPY), distance })
  }
  let sameRows = 0
  const sameAsAbove = (y: number) => {
    for (let x = 0; x < width; x++) if (pixels[y * width + x] !== pixels[(y - 1) * width + x]) return false
    return true
  }
  for (let y = 0; y < height; y++) {
    if (y > 0 && sameAsAbove(y)) {
      sameRows++
      continue
    }
    if (sameRows > 0) copy(sameRows * width, ABOVE)
    sameRows = 0
    for (let x = 0; x < width;) {
      const colour = pixels[y * width + x]!
      let run = 1
      while (x + run < width && pixels[y * width + x + run] === colour) run++
      tokens.push({ literal: colour })
      if (run > 1) copy(run - 1, LEFT)
      x += run
    }
  }
  if (sameRows > 0) copy(sameRows * width, ABOVE)
  return tokens
}

/** Writes one prefix code: simple for one or two symbols under 256, otherwise the code lengths. */
function writeCode(out: BitWriter, lengths: readonly number[]): void {
  const used = lengths.flatMap((length, symbol) => (length > 0 ? [symbol] : []))
  if (used.length <= 2 && used.every((symbol) => symbol < 256)) {
    const [first = 0, second] = used
    out.write(1, 1) // simple
    out.write(used.length - 1, 1)
    out.write(first > 1 ? 1 : 0, 1) // the first symbol in 8 bits (else 1)
    out.write(first, first > 1 ? 8 : 1)
    if (second !== undefined) out.write(second, 8)
    return
  }
  // The code lengths, each a symbol 0..15 of the code-length code (no repeat codes).
  const lengthCounts = new Array<number>(19).fill(0)
  for (const length of lengths) lengthCounts[length]!++
  const lengthLengths = codeLengths(lengthCounts, 7)
  const lengthCodes = canonicalCodes(lengthLengths)
  let written = 19
  while (written > 4 && lengthLengths[CODE_LENGTH_ORDER[written - 1]!] === 0) written--
  out.write(0, 1) // normal
  out.write(written - 4, 4)
  for (let i = 0; i < written; i++) out.write(lengthLengths[CODE_LENGTH_ORDER[i]!]!, 3)
  out.write(0, 1) // every symbol of the alphabet has a length
  const single = lengthLengths.filter((length) => length > 0).length === 1
  for (const length of lengths) if (!single) out.writeCode(lengthCodes[length]!, lengthLengths[length]!)
}

/** The lossless WebP file of an opaque picture; `pixels` are ARGB, row by row. */
export function encodeWebp(width: number, height: number, pixels: Uint32Array): Buffer {
  if (width < 1 || height < 1 || width > 16384 || height > 16384) throw new RangeError('picture size')
  if (pixels.length !== width * height) throw new RangeError('pixel count')
  const tokens = tokensOf(width, height, pixels)
  const counts: number[][] = ALPHABETS.map((size) => new Array<number>(size).fill(0))
  for (const token of tokens) {
    if ('literal' in token) {
      counts[GREEN]![(token.literal >>> 8) & 255]!++
      counts[RED]![(token.literal >>> 16) & 255]!++
      counts[BLUE]![token.literal & 255]!++
      counts[ALPHA]![token.literal >>> 24]!++
    } else {
      counts[GREEN]![256 + prefixOf(token.length).symbol]!++
      counts[DISTANCE]![prefixOf(token.distance).symbol]!++
    }
  }
  // A prefix code needs a symbol even when nothing uses it (no copies: the distance code).
  for (const alphabet of counts) if (Math.max(...alphabet) === 0) alphabet[0] = 1
  const lengths = counts.map((alphabet) => codeLengths(alphabet, 15))
  const codes = lengths.map(canonicalCodes)
  // A code of one used symbol takes no bits per symbol.
  const emit = (out: BitWriter, alphabet: number, symbol: number) => {
    if (lengths[alphabet]!.filter((length) => length > 0).length > 1)
      out.writeCode(codes[alphabet]![symbol]!, lengths[alphabet]![symbol]!)
  }

  const out = new BitWriter()
  out.write(0x2f, 8) // signature
  out.write(width - 1, 14)
  out.write(height - 1, 14)
  out.write(0, 1) // alpha is not used
  out.write(0, 3) // version
  out.write(0, 1) // no transform
  out.write(0, 1) // no colour cache
  out.write(0, 1) // no meta prefix codes
  for (const alphabet of lengths) writeCode(out, alphabet)
  for (const token of tokens) {
    if ('literal' in token) {
      emit(out, GREEN, (token.literal >>> 8) & 255)
      emit(out, RED, (token.literal >>> 16) & 255)
      emit(out, BLUE, token.literal & 255)
      emit(out, ALPHA, token.literal >>> 24)
    } else {
      const length = prefixOf(token.length)
      emit(out, GREEN, 256 + length.symbol)
      out.write(length.extra, length.extraBits)
      const distance = prefixOf(token.distance)
      emit(out, DISTANCE, distance.symbol)
      out.write(distance.extra, distance.extraBits)
    }
  }
  const data = out.finish()
  const padded = data.length % 2 === 1 ? Buffer.concat([data, Buffer.alloc(1)]) : data
  const header = Buffer.alloc(20)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(12 + padded.length, 4)
  header.write('WEBPVP8L', 8, 'latin1')
  header.writeUInt32LE(data.length, 16)
  return Buffer.concat([header, padded])
}
