/**
 * Record and replay. With `MOCK_RECORD=<origin>` a gateway call that no stub answers is proxied to that
 * real gateway; its answer is kept as a stub (so the same call replays from now on) and written as a
 * stub file, with tokens, codes and phones masked and ids kept whole (http/redact.ts). A POST, PUT or
 * PATCH is keyed by its JSON body's fields (`MOCK_RECORD_BODY_FIELDS`; secrets as their sha256), so
 * each body gets its own answer. `MOCK_STUBS=<dir>` loads such files (any `*.json` holding one stub or
 * an array of them) at start, checked as any stub is (stub-intake.ts).
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { isSecretField, redactNamed } from '#shared/log-redact.ts'
import { gatewayError } from './http/gateway-error.ts'
import { redactBody } from './http/redact.ts'
import type { JournalNote } from './journal.ts'
import { gatewayBase, type MockState } from './state.ts'
import { stubsFolder } from './stub-intake.ts'
import { StubSchema, valueAt, type StubDef, type ValueMatcher } from './stubs.ts'

/** How long a proxied call may take. */
export const RECORD_TIMEOUT_MS = 10_000

/** Request headers not forwarded to the real gateway (hop-by-hop, or set by fetch itself). */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'content-length',
  'keep-alive',
  'transfer-encoding',
  'accept-encoding',
])

/** Whether a path is a call of one of the two gateways (the only calls recorded). */
export const isGatewayCall = (state: MockState, path: string): boolean =>
  path.startsWith(`${gatewayBase('web', state.config.product)}/`) ||
  path.startsWith(`${gatewayBase('id', state.config.product)}/`)

/** A file name for a recorded call: method, a slug of the path, and a hash of what identifies it. */
function stubFileName(method: string, path: string, identity: string): string {
  const slug = path
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 10)
  return `${method.toLowerCase()}-${slug}-${hash}.json`
}

/**
 * The body a stub file keeps: JSON and plain text masked; images (SVG icons) as they are, since their
 * coordinates would read as digit runs and no token or phone travels in them.
 */
function recordedBody(text: string, contentType: string | undefined): unknown {
  if (contentType?.includes('json')) return redactBody(text)
  if (contentType === undefined || contentType.startsWith('text/')) return String(redactBody(text))
  return text
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A value as a recording matches it: itself, or its sha256 when it is (or holds) a secret, a phone, or is nested. */
function keyValue(field: string, value: unknown): ValueMatcher {
  if (typeof value === 'string')
    return isSecretField(field) || redactNamed(field, value) !== value ? { sha256: sha256(value) } : { equalTo: value }
  if (value === null || typeof value === 'number' || typeof value === 'boolean')
    return isSecretField(field) ? { sha256: sha256(JSON.stringify(value)) } : { equalTo: value }
  return { sha256: sha256(JSON.stringify(value)) }
}

/**
 * What keys a recorded POST, PUT or PATCH: the body fields of `MOCK_RECORD_BODY_FIELDS` (every
 * top-level field by default), as JSONPath matchers, so each body gets its own recording.
 */
function bodyKey(fields: MockState['config']['recordBodyFields'], method: string, text: string | undefined) {
  if (!['POST', 'PUT', 'PATCH'].includes(method) || !text) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined
  const paths = fields === '*' ? Object.keys(json).map((key) => `$.${key}`) : fields.map((field) => `$.${field}`)
  const jsonPath: Record<string, ValueMatcher> = {}
  for (const path of paths) {
    const value = valueAt(json, path)
    jsonPath[path] = value === undefined ? { absent: true } : keyValue(path.split('.').at(-1) ?? '', value)
  }
  return Object.keys(jsonPath).length ? { jsonPath } : undefined
}

/** A recorded call's answer to the caller, and what the journal should say about it. */
export interface Recorded {
  response: Response
  note?: JournalNote
}

/**
 * Proxies a call to the recorded gateway, keeps its answer (secrets masked, ids whole) as a stub keyed
 * by method, path, query and body, and saves it; an answer breaking the contract is passed on but not
 * kept (kept and marked with `MOCK_CONTRACT=warn`); 502 when the gateway does not answer.
 */
export async function recordCall(state: MockState, request: Request, body: string | undefined): Promise<Recorded> {
  const target = state.config.record as string
  const url = new URL(request.url)
  const headers = new Headers()
  request.headers.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name)) headers.set(name, value)
  })
  let answer: Response
  try {
    answer = await fetch(`${target}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: body === undefined || body === '' ? null : body,
      redirect: 'manual',
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(RECORD_TIMEOUT_MS)]),
    })
  } catch (error) {
    return {
      response: gatewayError(
        502,
        'mockRecordFailed',
        `The recorded gateway did not answer ${request.method} ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    }
  }
  const text = await answer.text()
  const contentType = answer.headers.get('content-type') ?? undefined
  const query: Record<string, ValueMatcher> = {}
  for (const key of new Set(url.searchParams.keys())) query[key] = keyValue(key, url.searchParams.get(key) ?? '')
  const matchBody = bodyKey(state.config.recordBodyFields, request.method, body)
  const kept = text ? recordedBody(text, contentType) : undefined
  const complaints =
    kept !== undefined && typeof kept !== 'string'
      ? state.contract(request.method, url.pathname, answer.status, kept)
      : []
  const forwarded = new Headers()
  if (contentType) forwarded.set('content-type', contentType)
  // The caller gets the real answer once; the kept stub (masked) answers the calls after it.
  const response = new Response(answer.status === 204 || answer.status === 304 ? null : text, {
    status: answer.status,
    headers: forwarded,
  })
  if (complaints.length && state.config.contract === 'enforce')
    return { response, note: { contractViolations: [...complaints, 'not recorded: the answer breaks the contract'] } }
  const stub: StubDef = StubSchema.parse({
    match: {
      method: request.method,
      path: url.pathname,
      ...(Object.keys(query).length ? { query } : {}),
      ...(matchBody ? { body: matchBody } : {}),
    },
    respond: {
      status: answer.status,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      ...(kept !== undefined ? { body: kept } : {}),
    },
    ...(complaints.length ? { offContract: true } : {}),
  })
  const dir = stubsFolder(state)
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(
      dir,
      stubFileName(request.method, url.pathname, `${request.method} ${url.pathname}${url.search} ${body ?? ''}`),
    ),
    `${JSON.stringify(stub, null, 2)}\n`,
  )
  state.stubs.add(stub, dir)
  return { response, ...(complaints.length ? { note: { contractViolations: complaints } } : {}) }
}

/** Thrown for a stub file that is not JSON or not a stub; its message names the file. */
export class StubFileError extends Error {
  override readonly name = 'StubFileError'
}

/** Reads every `*.json` stub file of a folder (sorted by name), one stub or an array each; a missing folder holds none. */
export async function readStubFiles(dir: string): Promise<{ raw: unknown; name: string }[]> {
  const folder = resolve(dir)
  let names: string[]
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const stubs: { raw: unknown; name: string }[] = []
  for (const name of names) {
    let raw: unknown
    try {
      raw = JSON.parse(await readFile(join(folder, name), 'utf8'))
    } catch (error) {
      throw new StubFileError(`${name}: not JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    if (Array.isArray(raw)) raw.forEach((item, index) => stubs.push({ raw: item, name: `${name}[${index}]` }))
    else stubs.push({ raw, name })
  }
  return stubs
}
