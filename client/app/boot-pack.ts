/**
 * A compact, lossless form of the SWR fallback for the page's data block. Lists of objects (24 goods
 * cards, filter brands, promo tiles) repeat every key in every item; packed, such a list is written
 * once as a table: `["\u0000", [keys...], [values...], ...]`, keys ordered by how often they occur and
 * a row cut short where only absent keys remain (an absent value inside a row is `null`). A column whose
 * values are all objects with the same keys (a card's image) is written as `[key, [subkeys...]]` and its
 * cells as arrays of the subkeys' values. Lists that
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

/** A table column: a key, or a key with the subkeys of its object values. */
type Column = string | [string, string[]]

const keyOf = (column: Column): string => (typeof column === 'string' ? column : column[0])

function packCell(column: Column, value: unknown): unknown {
  if (value === undefined) return null
  if (typeof column === 'string') return packFallback(value)
  const object = value as Record<string, unknown>
  return column[1].map((key) => packFallback(object[key]))
}

function packArray(items: unknown[]): unknown[] {
  const table = items.length >= MIN_ROWS && items.every(isPlainObject) ? columnsOf(items as Record<string, unknown>[]) : undefined
  if (table) {
    const rows = (items as Record<string, unknown>[]).map((item) => {
      const row = table.map((column) => packCell(column, item[keyOf(column)]))
      while (row.length > 0 && row[row.length - 1] === null) row.pop()
      return row
    })
    return [MARK, table, ...rows]
  }
  const packed = items.map(packFallback)
  return items[0] === MARK ? [MARK, 0, ...packed] : packed
}

/** The columns of a table, most frequent first; undefined when a real null forbids packing. */
function columnsOf(items: Record<string, unknown>[]): Column[] | undefined {
  const counts = new Map<string, number>()
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      if (value === null) return undefined
      if (value !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => {
    const subkeys = sameShape(items.map((item) => item[key]).filter((value) => value !== undefined))
    return subkeys ? [key, subkeys] : key
  })
}

/** The keys shared by every value when all are objects with the same defined, non-null members. */
function sameShape(values: unknown[]): string[] | undefined {
  if (!values.every(isPlainObject)) return undefined
  const keysOf = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined)
  const keys = keysOf(values[0] as Record<string, unknown>)
  if (keys.length === 0) return undefined
  const same = (values as Record<string, unknown>[]).every((value) => {
    const own = keysOf(value)
    return own.length === keys.length && keys.every((key) => value[key] !== undefined && value[key] !== null)
  })
  return same ? keys : undefined
}

/** Restores what `packFallback` packed. */
export function unpackFallback(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value[0] !== MARK) return value.map(unpackFallback)
    if (value[1] === 0) return value.slice(2).map(unpackFallback)
    const columns = value[1] as Column[]
    return value.slice(2).map((row: Json[]) => {
      const item: Record<string, unknown> = {}
      row.forEach((cell, index) => {
        if (cell === null) return
        const column = columns[index]!
        if (typeof column === 'string') item[column] = unpackFallback(cell)
        else item[column[0]] = Object.fromEntries(column[1].map((key, at) => [key, unpackFallback((cell as Json[])[at])]))
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
