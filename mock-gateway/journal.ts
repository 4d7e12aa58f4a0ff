/**
 * The request journal: the last N gateway calls the mock answered (never `/__mock/*`), in a ring
 * buffer. Recording keeps references only (method, URL, a few headers, the body bytes, status, time),
 * so the hot path pays one array write; masking (http/redact.ts) and filtering happen when the journal
 * is read.
 */
import { redactBody, redactHeaders, redactQuery, redactText } from './http/redact.ts'
import type { CallFacts } from './stubs.ts'

/** Request headers the journal keeps (the gateway headers of spec section 7, the credentials masked). */
export const JOURNAL_HEADERS = [
  'content-type',
  'authorization',
  'captcha-token',
  'x-request-id',
  'x-session-id',
  'x-trace-id',
  'x-device-id',
  'x-app-version',
  'x-platform',
  'x-platform-version',
  'x-device-platform',
  'x-device-tag',
  'x-client-name',
] as const

/** What the mock adds about how it answered a call. */
export interface JournalNote {
  /** The stub that answered. */
  stub?: string
  /** No stub and no handler answered: the closest stubs and what each missed. */
  nearMisses?: { id: string; misses: string[] }[]
  /** The answer broke the contract and was served anyway (`offContract`, `MOCK_CONTRACT=warn`), or was not recorded. */
  contractViolations?: string[]
}

/** One call as recorded (raw; masked when read). */
export interface JournalRecord {
  at: number
  method: string
  /** Path with query, as received. */
  url: string
  /** The request's headers as received (picked when read). */
  headers: Headers | Record<string, string | string[] | undefined>
  body: Uint8Array | string | undefined
  /** The status answered, or what happened instead (`reset`, `hang`, `aborted`). */
  status: number | string
  note?: JournalNote | undefined
}

/** One call as `GET /__mock/requests` shows it. */
export interface JournalEntry {
  /** Ordinal of the call since start (or the last clear); `since` filters on it. */
  seq: number
  at: string
  method: string
  path: string
  query: Record<string, string | string[]>
  headers: Record<string, string>
  /** The JSON body with secrets masked (a non-JSON body as masked text), null without a body. */
  body: unknown
  status: number | string
  /** The stub that answered, if one did. */
  stub?: string
  nearMisses?: JournalNote['nearMisses']
  contractViolations?: string[]
}

/** Filters of `GET /__mock/requests`. */
export interface JournalFilter {
  /** A path pattern: `*` matches any run of characters; without `*` the path must be equal. */
  path?: ((path: string) => boolean) | undefined
  method?: string | undefined
  /** Only calls after this one (`seq`), or after this instant (ISO 8601). */
  since?: number | undefined
  sinceTime?: number | undefined
}

/** The journal of one mock gateway instance. */
export interface Journal {
  readonly size: number
  record(entry: JournalRecord): void
  /** The kept calls, oldest first, masked and filtered. */
  list(filter?: JournalFilter): JournalEntry[]
  /** The kept calls as recorded (unmasked), oldest first: for the mock's own use, never shown. */
  raw(): JournalRecord[]
  /** The same with their `seq`, for counting calls that match (verification). */
  numbered(): { seq: number; record: JournalRecord }[]
  clear(): void
}

/** Picks the journal's headers from a header lookup. */
export function pickHeaders(get: (name: string) => string | string[] | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of JOURNAL_HEADERS) {
    const value = get(name)
    if (value !== null && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

const decoder = new TextDecoder()

/** A kept call as stub matching sees it (`GET /__mock/requests/count`). */
export function recordFacts(record: JournalRecord): CallFacts {
  const url = new URL(record.url, 'http://mock')
  const header = (name: string) => {
    const value = record.headers instanceof Headers ? record.headers.get(name) : record.headers[name]
    return value === undefined || value === null ? null : Array.isArray(value) ? value.join(', ') : value
  }
  const text =
    record.body === undefined ? '' : typeof record.body === 'string' ? record.body : decoder.decode(record.body)
  return { method: record.method, path: url.pathname, searchParams: url.searchParams, header, body: async () => text }
}

function show(record: JournalRecord, seq: number): JournalEntry {
  const url = new URL(record.url, 'http://mock')
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    query[key] = values.length === 1 ? (values[0] as string) : values
  }
  const text =
    record.body === undefined ? '' : typeof record.body === 'string' ? record.body : decoder.decode(record.body)
  return {
    seq,
    at: new Date(record.at).toISOString(),
    method: record.method,
    path: redactText(url.pathname),
    query: redactQuery(query),
    headers: redactHeaders(
      pickHeaders((name) => (record.headers instanceof Headers ? record.headers.get(name) : record.headers[name])),
    ),
    body: text ? redactBody(text) : null,
    status: record.status,
    ...(record.note?.stub ? { stub: record.note.stub } : {}),
    ...(record.note?.nearMisses
      ? {
          nearMisses: record.note.nearMisses.map(({ id, misses }) => ({ id, misses: misses.map(redactText) })),
        }
      : {}),
    ...(record.note?.contractViolations ? { contractViolations: record.note.contractViolations } : {}),
  }
}

/** Creates a journal keeping the last `size` calls (0 keeps none). */
export function createJournal(size: number): Journal {
  const ring: (JournalRecord | undefined)[] = new Array<JournalRecord | undefined>(size)
  let count = 0
  return {
    size,
    record(entry) {
      if (size === 0) return
      ring[count % size] = entry
      count++
    },
    list(filter = {}) {
      const entries: JournalEntry[] = []
      for (let seq = Math.max(0, count - size); seq < count; seq++) {
        const record = ring[seq % size]
        if (!record) continue
        if (filter.since !== undefined && seq + 1 <= filter.since) continue
        if (filter.sinceTime !== undefined && record.at <= filter.sinceTime) continue
        if (filter.method && record.method.toUpperCase() !== filter.method.toUpperCase()) continue
        if (filter.path) {
          const query = record.url.indexOf('?')
          if (!filter.path(query < 0 ? record.url : record.url.slice(0, query))) continue
        }
        entries.push(show(record, seq + 1))
      }
      return entries
    },
    raw() {
      return this.numbered().map(({ record }) => record)
    },
    numbered() {
      const records: { seq: number; record: JournalRecord }[] = []
      for (let seq = Math.max(0, count - size); seq < count; seq++) {
        const record = ring[seq % size]
        if (record) records.push({ seq: seq + 1, record })
      }
      return records
    },
    clear() {
      ring.fill(undefined)
      count = 0
    },
  }
}
