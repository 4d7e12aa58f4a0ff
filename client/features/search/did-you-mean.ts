/**
 * «Возможно, вы имели в виду …»: a close query for one that found nothing, made of the words of
 * texts the catalogue knows (suggestions, popular searches). Pure functions; the search help asks
 * the gateway whether the correction finds goods before offering it.
 */

/** Lower-case words of letters and digits (ё read as е). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLocaleLowerCase('ru-RU')
      .replace(/ё/g, 'е')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

/** Edits (insert, delete, substitute, swap of neighbours) between two words, or `limit + 1` once over `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > limit) return limit + 1
    before = previous
    previous = current
  }
  return Math.min(previous[b.length]!, limit + 1)
}

/** Edits a word of this length may be away from the word meant: none for 1–3 letters, 1 up to 5, else 2. */
const allowedEdits = (length: number): number => (length <= 3 ? 0 : length <= 5 ? 1 : 2)

/**
 * The query with each unknown word replaced by the closest known word (the most frequent of equally
 * close ones), or undefined when no word changes. `known` are texts the catalogue answers for.
 */
export function correctQuery(query: string, known: readonly string[]): string | undefined {
  const counts = new Map<string, number>()
  for (const text of known) for (const word of wordsOf(text)) counts.set(word, (counts.get(word) ?? 0) + 1)
  let changed = false
  const words = wordsOf(query).map((word) => {
    if (counts.has(word)) return word
    const limit = allowedEdits(word.length)
    let best: { word: string; distance: number; count: number } | undefined
    for (const [candidate, count] of counts) {
      const distance = editDistance(word, candidate, limit)
      if (distance > limit) continue
      if (!best || distance < best.distance || (distance === best.distance && count > best.count))
        best = { word: candidate, distance, count }
    }
    if (!best) return word
    changed = true
    return best.word
  })
  return changed ? words.join(' ') : undefined
}
