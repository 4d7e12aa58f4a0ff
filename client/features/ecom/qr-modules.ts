/**
 * The modules of a QR code and their SVG path: qrcode-generator (a maintained, dependency-free
 * encoder) computes them; one drawing for the pickup pass and the offline page.
 */
import qrcode from 'qrcode-generator'

/** Modules of white around the code (ISO/IEC 18004's quiet zone). */
export const QUIET_ZONE = 4
/** Characters of the QR alphanumeric mode, denser than bytes (order numbers are `AU-100245`). */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/

// Bytes as UTF-8, what scanners expect; the library's default keeps only the low byte of each
// character. Replacing this function is how the library is told (its README, "stringToBytes").
qrcode.stringToBytes = (text: string): number[] => Array.from(new TextEncoder().encode(text))

/** The dark modules of `text` as rows of booleans (error correction M: a crumpled print still reads). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M')
  qr.addData(text, ALPHANUMERIC.test(text) ? 'Alphanumeric' : 'Byte')
  qr.make()
  const size = qr.getModuleCount()
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)))
}

/** An SVG path of the dark modules, shifted by the quiet zone: one `h` run per row of adjacent modules. */
export function qrPath(modules: boolean[][]): string {
  const parts: string[] = []
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue
      let run = 1
      while (row[x + run]) run++
      parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`)
      x += run - 1
    }
  })
  return parts.join('')
}
