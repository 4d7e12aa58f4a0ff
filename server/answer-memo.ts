/**
 * Checked gateway answers kept by their text (the API client's `answerMemo`, decision 016). Every page
 * still fetches its data; when an anonymous answer's text is exactly that of the last answer of its URL,
 * the client takes the value checked then instead of parsing and checking the same bytes again. Comparing
 * two equal strings costs a few microseconds; `JSON.parse` and the schema of a 13 KB goods list, a few
 * hundred, and the garbage they leave.
 *
 * Values are frozen (deeply) when kept: they are shared by every request that gets the same text, so
 * nothing may change them. Bounded by entries and by the characters of the texts kept, least recently
 * used first out. Per process, like the anonymous cache.
 */
import type { AnswerMemo as AnswerMemoPort } from '#shared/api/client.ts'
import { deepFreeze } from '#shared/queries/shared-view.ts'

interface Entry {
  text: string
  value: unknown
}

export interface AnswerMemoOptions {
  /** URLs kept at most; 0 keeps none. */
  maxEntries: number
  /** Characters of answer text kept at most (a character of a JSON text is one or two bytes). */
  maxChars: number
  /** Called on each lookup: whether the text was the one kept. */
  onLookup?: (hit: boolean) => void
}

/** LRU by insertion order (a Map re-inserted on every hit). */
export class AnswerMemo implements AnswerMemoPort {
  private readonly entries = new Map<string, Entry>()
  private chars = 0

  constructor(private readonly options: AnswerMemoOptions) {}

  get(url: string, text: string): unknown {
    const entry = this.entries.get(url)
    const hit = entry !== undefined && entry.text === text
    this.options.onLookup?.(hit)
    if (!hit) return undefined
    this.entries.delete(url)
    this.entries.set(url, entry)
    return entry.value
  }

  set(url: string, text: string, value: unknown): void {
    if (this.options.maxEntries === 0 || value === undefined || text.length > this.options.maxChars) return
    this.remove(url)
    this.entries.set(url, { text, value: deepFreeze(value) })
    this.chars += text.length
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.chars <= this.options.maxChars) break
      this.remove(oldest)
    }
  }

  /** URLs kept now. */
  get size(): number {
    return this.entries.size
  }

  private remove(url: string): void {
    const entry = this.entries.get(url)
    if (!entry) return
    this.entries.delete(url)
    this.chars -= entry.text.length
  }
}
