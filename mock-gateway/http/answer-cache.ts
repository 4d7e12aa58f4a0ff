/**
 * Serialized answers of the catalogue endpoints that depend only on the URL and the collections (no
 * user, no clock, no headers), and of clock-bound lists (promotions, a shopper's orders) until the
 * mock-clock instant their answer stops being true. They are kept until anything changes: any create/update/delete in a
 * collection, and any request that is not a GET (control switches, redirects), empty the cache. So a
 * load test hits the same goods page thousands of times per second without re-running the query and
 * re-serialising the answer, and every mutation is still seen by the next call.
 */
import type { MockDb } from '../db/index.ts'

/** Most answers kept; the oldest goes first beyond it (search texts are unbounded). */
export const ANSWER_CACHE_MAX_ENTRIES = 2_000

/** Most bytes of answers kept, whatever their number. */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024

/** One kept answer, ready to write: status, headers and bytes. */
export interface CachedAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
  /** The mock-clock instant (ms) the answer stops being true (a clock-bound list), if it ever does. */
  readonly until?: number | undefined
}

/** The answer cache of one mock gateway instance. */
export interface AnswerCache {
  /** Changes whenever the data may have changed; an answer computed under an older one is not kept. */
  readonly generation: number
  /** The kept answer of a GET path with its query (`/webgate/v2/goods/10019`), if any and still true at `now`. */
  get(pathAndQuery: string, now?: number): CachedAnswer | undefined
  /** Keeps an answer computed while `generation` was current; dropped when the data changed since. */
  set(pathAndQuery: string, answer: CachedAnswer, generation: number): void
  /** Forgets every answer (the data changed). */
  clear(): void
  /**
   * A collection is changing: forgets every answer and keeps none until the next turn of the event
   * loop, by when the change is in place (@msw/data announces it before it validates and stores it).
   */
  changing(): void
}

/** Creates an empty answer cache. */
export function createAnswerCache(
  maxEntries = ANSWER_CACHE_MAX_ENTRIES,
  maxBytes = ANSWER_CACHE_MAX_BYTES,
): AnswerCache {
  const answers = new Map<string, CachedAnswer>()
  let generation = 0
  let bytes = 0
  let settling = 0
  const clear = () => {
    generation++
    answers.clear()
    bytes = 0
  }
  const drop = (key: string) => {
    bytes -= answers.get(key)?.body.length ?? 0
    answers.delete(key)
  }
  return {
    get generation() {
      return generation
    },
    get(key, now) {
      const answer = answers.get(key)
      if (answer?.until === undefined || (now !== undefined && now < answer.until)) return answer
      drop(key)
      return undefined
    },
    set(key, answer, computedAt) {
      if (computedAt !== generation || settling > 0 || answer.body.length > maxBytes) return
      drop(key)
      while (answers.size >= maxEntries || bytes + answer.body.length > maxBytes)
        drop(answers.keys().next().value as string)
      answers.set(key, answer)
      bytes += answer.body.length
    },
    clear,
    changing() {
      clear()
      settling++
      setImmediate(() => {
        settling--
        clear()
      })
    },
  }
}

/** Empties the cache on every change of any collection (also changes made in-process by tests). */
export function clearOnChanges(cache: AnswerCache, db: MockDb): void {
  const changing = () => cache.changing()
  for (const collection of Object.values(db)) {
    collection.hooks.on('create', changing)
    collection.hooks.on('update', changing)
    collection.hooks.on('delete', changing)
  }
}
