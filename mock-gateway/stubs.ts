/**
 * Stubs: chosen answers to chosen calls, ahead of the handlers (WireMock's stubs). A stub matches a
 * method, a path (exact, or with `*` as in fault switches), optionally query parameters (each given
 * one must be present with that value) and a piece of the body; it answers its status, headers and
 * body (or a file), after an optional delay, `times` times or for ever. The newest matching stub wins.
 * Checked only while at least one exists, so a mock without stubs pays nothing.
 */
import { readFile } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { faultMatcher } from './faults.ts'

/** A stub as `POST /__mock/stubs`, stub files and `PUT /__mock/state` take it. */
export const StubSchema = z
  .object({
    match: z.object({
      method: z
        .string()
        .regex(/^[A-Za-z]+$|^\*$/)
        .transform((method) => method.toUpperCase()),
      path: z.string().startsWith('/'),
      query: z.record(z.string(), z.string()).optional(),
      bodyIncludes: z.string().min(1).optional(),
    }),
    respond: z
      .object({
        status: z.number().int().min(100).max(599),
        headers: z.record(z.string(), z.string()).optional(),
        body: z.unknown().optional(),
        bodyFile: z.string().min(1).optional(),
        delayMs: z.number().int().min(0).max(120_000).optional(),
      })
      .refine((respond) => respond.body === undefined || respond.bodyFile === undefined, {
        message: 'a stub answers a body or a bodyFile, not both',
      }),
    times: z.number().int().positive().optional(),
  })
  .strict()
export type StubDef = z.output<typeof StubSchema>

/** A stub in force. */
export interface Stub extends StubDef {
  id: string
  /** Calls it answered. */
  hits: number
  /** Where its `bodyFile` is looked up (the stub file's folder; else the working directory). */
  baseDir?: string | undefined
}

/** What a stub needs to know about a call. */
export interface StubCall {
  method: string
  path: string
  searchParams: URLSearchParams
  /** Read only when a candidate stub has `bodyIncludes`. */
  body: () => Promise<string>
}

/** The stubs of one mock gateway instance. */
export interface Stubs {
  readonly size: number
  add(stub: StubDef, baseDir?: string): Stub
  list(): Stub[]
  remove(id: string): boolean
  clear(): void
  /** The stub answering a call (its hit counted, and dropped once its `times` are used), if any. */
  match(call: StubCall): Promise<Stub | undefined>
}

/** Creates an empty set of stubs. */
export function createStubs(): Stubs {
  let stubs: { stub: Stub; path: (path: string) => boolean }[] = []
  let next = 1
  return {
    get size() {
      return stubs.length
    },
    add(def, baseDir) {
      const stub: Stub = { ...def, id: `stub-${next++}`, hits: 0, baseDir }
      stubs.push({ stub, path: faultMatcher(def.match.path) })
      return stub
    },
    list: () => stubs.map(({ stub }) => stub),
    remove(id) {
      const before = stubs.length
      stubs = stubs.filter(({ stub }) => stub.id !== id)
      return stubs.length < before
    },
    clear() {
      stubs = []
    },
    async match(call) {
      let body: string | undefined
      for (let i = stubs.length - 1; i >= 0; i--) {
        const entry = stubs[i]
        if (!entry) continue
        const { match } = entry.stub
        if (match.method !== '*' && match.method !== call.method.toUpperCase()) continue
        if (!entry.path(call.path)) continue
        if (
          match.query &&
          Object.entries(match.query).some(([key, value]) => !call.searchParams.getAll(key).includes(value))
        )
          continue
        if (match.bodyIncludes !== undefined) {
          body ??= await call.body()
          if (!body.includes(match.bodyIncludes)) continue
        }
        const { stub } = entry
        stub.hits++
        if (stub.times !== undefined && stub.hits >= stub.times) stubs = stubs.filter((other) => other !== entry)
        return stub
      }
      return undefined
    },
  }
}

/** The Response of a stub: its status and headers; a JSON body unless it is a string or a file. */
export async function stubResponse(stub: Stub): Promise<Response> {
  const { respond } = stub
  const headers = new Headers(respond.headers)
  let body: string | Uint8Array<ArrayBuffer> | null = null
  if (respond.bodyFile !== undefined) {
    const file = isAbsolute(respond.bodyFile)
      ? respond.bodyFile
      : resolve(stub.baseDir ?? process.cwd(), respond.bodyFile)
    const bytes = await readFile(file)
    body = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
    if (!headers.has('content-type'))
      headers.set('content-type', file.endsWith('.json') ? 'application/json' : 'application/octet-stream')
  } else if (typeof respond.body === 'string') {
    body = respond.body
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain; charset=utf-8')
  } else if (respond.body !== undefined) {
    body = JSON.stringify(respond.body)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  const noBody = respond.status === 204 || respond.status === 304 || respond.status < 200
  return new Response(noBody ? null : body, { status: respond.status, headers })
}
