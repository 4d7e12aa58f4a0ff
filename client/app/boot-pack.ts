/**
 * A compact, lossless form of the SWR fallback for the page's data block. Lists of objects (24 goods
 * cards, filter brands, promo tiles) repeat every key in every item; packed, such a list is written
 * once as a table: `["\u0000", [keys...], [values...], ...]`, keys ordered by how often they occur and
 * a row cut short where only absent keys remain (an absent value inside a row is `null`). Lists that
 * hold a real `null` stay as they are, and a real list starting with the marker is escaped as
 * `["\u0000", 0, ...items]`, so `unpackFallback(packFallback(x))` always equals `x`.
 */

const MARK = '\u0000'
/** Lists shorter than this gain nothing from a table. */
const MIN_ROWS = 3

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Packs a fallback (any JSON value); `undefined` object members are dropped as JSON would. */
export function packFallback(value: unknown): unknown {
  if (Array.isArray(value)) return packArray(value)
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = packFallback(item)
    return out
  }
  return value
}

function packArray(items: unknown[]): unknown[] {
  const table = items.length >= MIN_ROWS && items.every(isPlainObject) ? columnsOf(items as Record<string, unknown>[]) : undefined
  if (table) {
    const rows = (items as Record<string, unknown>[]).map((item) => {
      const row = table.map((key) => (item[key] === undefined ? null : packFallback(item[key])))
      while (row.length > 0 && row[row.length - 1] === null && item[table[row.length - 1]!] === undefined) row.pop()
      return row
    })
    return [MARK, table, ...rows]
  }
  const packed = items.map(packFallback)
  return items[0] === MARK ? [MARK, 0, ...packed] : packed
}

/** The keys of a table, most frequent first; undefined when a real null forbids packing. */
function columnsOf(items: Record<string, unknown>[]): string[] | undefined {
  const counts = new Map<string, number>()
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      if (value === null) return undefined
      if (value !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key)
}

/** Restores what `packFallback` packed. */
export function unpackFallback(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value[0] !== MARK) return value.map(unpackFallback)
    if (value[1] === 0) return value.slice(2).map(unpackFallback)
    const keys = value[1] as string[]
    return value.slice(2).map((row: Json[]) => {
      const item: Record<string, unknown> = {}
      row.forEach((cell, index) => {
        if (cell !== null) item[keys[index]!] = unpackFallback(cell)
      })
      return item
    })
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = unpackFallback(item)
    return out
  }
  return value
}
