/**
 * Checked gateway answers kept by their bytes (the API client's `answerMemo`, decisions 016 and 019).
 * Every page still fetches its data; when an anonymous answer's body is byte for byte that of the last
 * answer of its URL, the client takes the value checked then instead of decoding, parsing and checking
 * the same bytes again. Comparing two equal 13 KB bodies costs about a microsecond; decoding, `JSON.parse`
 * and the schema of a goods list, a few hundred, and the garbage they leave.
 *
 * Values are marked shared (frozen, deeply, and branded: `markShared`) when kept: every request that
 * gets the same body uses them, so nothing may change them. Bounded by entries and by the bytes of the bodies kept, least recently used
 * first out. Per process, like the anonymous cache.
 */
import type { AnswerMemo as AnswerMemoPort } from '#shared/api/client.ts'
import { markShared } from '#shared/shared-mark.ts'

interface Entry {
  body: Buffer
  value: unknown
}

export interface AnswerMemoOptions {
  /** URLs kept at most; 0 keeps none. */
  maxEntries: number
  /** Bytes of answer bodies kept at most. */
  maxBytes: number
  /** Called on each lookup: whether the body was the one kept. */
  onLookup?: (hit: boolean) => void
}

/** LRU by insertion order (a Map re-inserted on every hit). */
export class AnswerMemo implements AnswerMemoPort {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly options: AnswerMemoOptions) {}

  get(url: string, body: Uint8Array): unknown {
    const entry = this.entries.get(url)
    const hit = entry !== undefined && entry.body.equals(body)
    this.options.onLookup?.(hit)
    if (!hit) return undefined
    this.entries.delete(url)
    this.entries.set(url, entry)
    return entry.value
  }

  set(url: string, body: Uint8Array, value: unknown): void {
    if (this.options.maxEntries === 0 || value === undefined || body.byteLength > this.options.maxBytes) return
    this.remove(url)
    // A view, not a copy: the client hands over a body it no longer uses.
    this.entries.set(url, {
      body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      value: markShared(value),
    })
    this.bytes += body.byteLength
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break
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
    this.bytes -= entry.body.byteLength
  }
}
