/**
 * Record and replay. With `MOCK_RECORD=<origin>` a gateway call that no stub answers is proxied to that
 * real gateway; its answer is kept as a stub (so the same call replays from now on) and written as a
 * stub file, with tokens, codes and phones masked (http/redact.ts). `MOCK_STUBS=<dir>` loads such
 * files (any `*.json` holding one stub or an array of them) at start.
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { gatewayError } from './http/gateway-error.ts'
import { redactBody, redactQuery } from './http/redact.ts'
import { gatewayBase, type MockState } from './state.ts'
import { StubSchema, type StubDef } from './stubs.ts'

/** How long a proxied call may take. */
export const RECORD_TIMEOUT_MS = 10_000

/** Where recorded stub files go without `MOCK_STUBS`. */
export const DEFAULT_RECORD_DIR = 'mock-stubs'

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

/** Proxies a call to the recorded gateway, keeps its masked answer as a stub and saves it; 502 when unreachable. */
export async function recordCall(state: MockState, request: Request, body: string | undefined): Promise<Response> {
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
    return gatewayError(
      502,
      'mockRecordFailed',
      `The recorded gateway did not answer ${request.method} ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const text = await answer.text()
  const contentType = answer.headers.get('content-type') ?? undefined
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(redactQuery(Object.fromEntries(url.searchParams))))
    query[key] = String(value)
  const stub: StubDef = StubSchema.parse({
    match: {
      method: request.method,
      path: url.pathname,
      ...(Object.keys(query).length ? { query } : {}),
    },
    respond: {
      status: answer.status,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      ...(text ? { body: recordedBody(text, contentType) } : {}),
    },
  })
  const dir = resolve(state.config.stubsDir ?? DEFAULT_RECORD_DIR)
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(
      dir,
      stubFileName(request.method, url.pathname, `${request.method} ${url.pathname}${url.search} ${body ?? ''}`),
    ),
    `${JSON.stringify(stub, null, 2)}\n`,
  )
  state.stubs.add(stub, dir)
  // The caller gets the real answer once; the kept stub (masked) answers the calls after it.
  const forwarded = new Headers()
  if (contentType) forwarded.set('content-type', contentType)
  return new Response(answer.status === 204 || answer.status === 304 ? null : text, {
    status: answer.status,
    headers: forwarded,
  })
}

/** Thrown for a stub file that is not JSON or not a stub; its message names the file. */
export class StubFileError extends Error {
  override readonly name = 'StubFileError'
}

/** Reads every `*.json` stub file of a folder (sorted by name); a missing folder holds none. */
export async function readStubFiles(dir: string): Promise<{ stub: StubDef; dir: string }[]> {
  const folder = resolve(dir)
  let names: string[]
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const stubs: { stub: StubDef; dir: string }[] = []
  for (const name of names) {
    let raw: unknown
    try {
      raw = JSON.parse(await readFile(join(folder, name), 'utf8'))
    } catch (error) {
      throw new StubFileError(`${name}: not JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    const parsed = (Array.isArray(raw) ? z.array(StubSchema) : StubSchema).safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new StubFileError(
        `${name}: not a stub (${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'bad value'})`,
      )
    }
    for (const stub of Array.isArray(parsed.data) ? parsed.data : [parsed.data]) stubs.push({ stub, dir: folder })
  }
  return stubs
}
