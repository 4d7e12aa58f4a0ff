/**
 * A compact, lossless form of the SWR fallback for the page's data block. Lists of objects (24 goods
 * cards, filter brands, promo tiles) repeat every key in every item; packed, such a list is written
 * once as a table: `["\u0000", [columns...], [values...], ...]`, columns ordered by how often their key
 * occurs and a row cut short where only absent keys remain (an absent value inside a row is `null`).
 * A column is a key; or `[key, [subkeys...]]` when its values are all objects with the same keys (its
 * cells are then arrays of the subkeys' values); or `[key, "prefix"]` when its values are all strings
 * starting with the same long prefix (card images under one media path; its cells hold the rest).
 * Lists that hold a real `null` stay as they are, and a real list starting with the marker is escaped
 * as `["\u0000", 0, ...items]`.
 *
 * Strings repeat too (a brand on its cards and in the filters, a tile subtitle): a string of at least
 * `MIN_SHARED` characters written a second time is written as `"\uE000<n>"`, n (base 36) counting
 * such strings in the order they were written; a real string starting with `\uE000` gets a second one.
 * `unpackFallback(packFallback(x))` always equals `x`.
 */

const MARK = '\u0000'
/** Starts a reference to an earlier string (a private-use character: JSON writes it as is, in 3 bytes). */
const REF = '\uE000'
/** Lists shorter than this gain nothing from a table. */
const MIN_ROWS = 3
/** Shorter strings cost about as much as their reference. */
const MIN_SHARED = 6
/** A shorter common prefix is not worth its column header. */
const MIN_PREFIX = 8

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A table column: a key, a key with the subkeys of its object values, or a key with its strings' prefix. */
type Column = string | [string, string[] | string]

const keyOf = (column: Column): string => (typeof column === 'string' ? column : column[0])

/** Packs a fallback (any JSON value); `undefined` object members are dropped as JSON would. */
export function packFallback(value: unknown): unknown {
  const written = new Map<string, number>()
  const writeString = (text: string): string => {
    // A shorter string is never kept, so it has no earlier writing to refer to (no lookup).
    if (text.length >= MIN_SHARED) {
      const earlier = written.get(text)
      if (earlier !== undefined) return REF + earlier.toString(36)
      written.set(text, written.size)
    }
    return text.startsWith(REF) ? REF + text : text
  }

  const pack = (item: unknown): unknown => {
    if (typeof item === 'string') return writeString(item)
    if (Array.isArray(item)) return packArray(item)
    if (isPlainObject(item)) {
      const out: Record<string, unknown> = {}
      for (const key in item) {
        const member = item[key]
        if (member !== undefined) out[key] = pack(member)
      }
      return out
    }
    return item
  }

  const packCell = (column: Column, cell: unknown): unknown => {
    if (cell === undefined) return null
    if (typeof column === 'string') return pack(cell)
    if (typeof column[1] === 'string') return writeString((cell as string).slice(column[1].length))
    const object = cell as Record<string, unknown>
    return column[1].map((key) => pack(object[key]))
  }

  const packArray = (items: unknown[]): unknown[] => {
    const table =
      items.length >= MIN_ROWS && items.every(isPlainObject) ? columnsOf(items as Record<string, unknown>[]) : undefined
    if (table) {
      const keys = table.map(keyOf)
      const packed: unknown[] = [MARK, table]
      for (const item of items as Record<string, unknown>[]) {
        // A row ends at its last present cell: the absent ones after it are not written.
        let last = keys.length - 1
        while (last >= 0 && item[keys[last]!] === undefined) last--
        const row: unknown[] = []
        for (let at = 0; at <= last; at++) row.push(packCell(table[at]!, item[keys[at]!]))
        packed.push(row)
      }
      return packed
    }
    const packed = items.map(pack)
    return items[0] === MARK ? [MARK, 0, ...packed] : packed
  }

  return pack(value)
}

/** The columns of a table, most frequent first; undefined when a real null forbids packing. */
function columnsOf(items: Record<string, unknown>[]): Column[] | undefined {
  // Plain loops: this runs over every list of every page the server renders.
  const counts = new Map<string, number>()
  for (const item of items) {
    for (const key in item) {
      const value = item[key]
      if (value === null) return undefined
      if (value !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key]): Column => {
      // Only a column of objects can have subkeys, only one of strings a prefix: a column of numbers
      // or flags (most of a card's) is decided by its first value, without collecting the others.
      let first: unknown
      for (const item of items) if ((first = item[key]) !== undefined) break
      if (typeof first !== 'string' && !isPlainObject(first)) return key
      const values: unknown[] = []
      for (const item of items) if (item[key] !== undefined) values.push(item[key])
      const subkeys = sameShape(values)
      if (subkeys) return [key, subkeys]
      const prefix = values.length >= MIN_ROWS ? commonPrefix(values) : ''
      return prefix.length >= MIN_PREFIX ? [key, prefix] : key
    })
}

/** The keys shared by every value when all are objects with the same defined, non-null members. */
function sameShape(values: unknown[]): string[] | undefined {
  if (!values.every(isPlainObject)) return undefined
  const definedKeys = (value: Record<string, unknown>): number => {
    let count = 0
    for (const key in value) if (value[key] !== undefined) count++
    return count
  }
  const first = values[0] as Record<string, unknown>
  const keys: string[] = []
  for (const key in first) if (first[key] !== undefined) keys.push(key)
  if (keys.length === 0) return undefined
  for (const value of values as Record<string, unknown>[]) {
    if (definedKeys(value) !== keys.length) return undefined
    for (const key of keys) if (value[key] === undefined || value[key] === null) return undefined
  }
  return keys
}

/**
 * The longest prefix of every value when all are strings and it is at least `MIN_PREFIX` long ('' otherwise,
 * as soon as that is known: a column of names shares no prefix from its second value on).
 */
function commonPrefix(values: unknown[]): string {
  const first = values[0]
  if (typeof first !== 'string') return ''
  let length = first.length
  for (const value of values) {
    if (typeof value !== 'string') return ''
    let at = 0
    while (at < length && at < value.length && first.charCodeAt(at) === value.charCodeAt(at)) at++
    length = at
    if (length < MIN_PREFIX) return ''
  }
  return first.slice(0, length)
}

/** Restores what `packFallback` packed. */
export function unpackFallback(value: unknown): unknown {
  const read: string[] = []
  const readString = (text: string): string => {
    if (text.startsWith(REF) && !text.startsWith(REF, 1)) return read[parseInt(text.slice(1), 36)]!
    const real = text.startsWith(REF) ? text.slice(1) : text
    if (real.length >= MIN_SHARED) read.push(real)
    return real
  }

  const unpack = (item: unknown): unknown => {
    if (typeof item === 'string') return readString(item)
    if (Array.isArray(item)) {
      if (item[0] !== MARK) return item.map(unpack)
      if (item[1] === 0) return item.slice(2).map(unpack)
      const columns = item[1] as Column[]
      return item.slice(2).map((row: Json[]) => {
        const out: Record<string, unknown> = {}
        row.forEach((cell, index) => {
          if (cell === null) return
          const column = columns[index]!
          if (typeof column === 'string') out[column] = unpack(cell)
          else if (typeof column[1] === 'string') out[column[0]] = column[1] + readString(cell as string)
          else out[column[0]] = Object.fromEntries(column[1].map((key, at) => [key, unpack((cell as Json[])[at])]))
        })
        return out
      })
    }
    if (isPlainObject(item)) {
      const out: Record<string, unknown> = {}
      for (const [key, member] of Object.entries(item)) out[key] = unpack(member)
      return out
    }
    return item
  }

  return unpack(value)
}

/** A page view's loader keys in the data block: an index into the fallback's keys, or the key itself. */
type PackedKeys = Record<string, string | number>

/**
 * The fallback packed member by member: each key's value is packed on its own (its own table of
 * repeated strings), so the server packs a value once and reuses its text on every page that shows it
 * (the query store, decision 025).
 */
export function packFallbackMembers(fallback: Record<string, unknown>): Record<string, unknown> {
  const packed: Record<string, unknown> = {}
  for (const key in fallback) if (fallback[key] !== undefined) packed[key] = packFallback(fallback[key])
  return packed
}

/**
 * The boot data as the data block carries it: the fallback packed (`packFallbackMembers`), and each
 * loader key of the view written as the index of the same key in the fallback (a key is written once; a
 * loader whose data is not in the fallback, an optional one that failed, keeps its key).
 * `packedFallback` is what the caller puts in its place (null: the server writes the members' texts itself).
 */
export function packBoot<
  B extends { view: { kind: string; keys?: Readonly<Record<string, string>> }; fallback: Record<string, unknown> },
>(boot: B, packedFallback: unknown = packFallbackMembers(boot.fallback)): unknown {
  const order = Object.keys(boot.fallback)
  const view = boot.view.keys
    ? {
        ...boot.view,
        keys: Object.fromEntries(Object.entries(boot.view.keys).map(([loader, key]) => [loader, indexOr(order, key)])),
      }
    : boot.view
  return { ...boot, view, fallback: packedFallback }
}

const indexOr = (order: string[], key: string): string | number => {
  const at = order.indexOf(key)
  return at < 0 ? key : at
}

/** Restores what `packBoot` packed (the fallback, then the view's keys through it). */
export function unpackBoot<B>(packed: unknown): B {
  const boot = (packed ?? {}) as { view?: { keys?: PackedKeys }; fallback?: unknown }
  const fallback: Record<string, unknown> = {}
  for (const [key, value] of Object.entries((boot.fallback ?? {}) as Record<string, unknown>))
    fallback[key] = unpackFallback(value)
  const order = Object.keys(fallback)
  const keys = boot.view?.keys
  const view = keys
    ? {
        ...boot.view,
        keys: Object.fromEntries(
          Object.entries(keys).map(([loader, key]) => [loader, typeof key === 'number' ? (order[key] ?? '') : key]),
        ),
      }
    : boot.view
  return { ...boot, view, fallback } as B
}
