/**
 * Stubs: chosen answers to chosen calls, ahead of the handlers (WireMock's stubs), strict about what
 * they are given: an unknown key or a bad value is refused naming the field, never dropped.
 *
 * A stub matches a method; a path (exact, `*` for any run of characters, `:name` for one named
 * segment) or a regular expression given as `pathRegex`; query parameters, headers and cookies (each a
 * string to equal, or `{equalTo|matches|contains|absent|sha256}`); the body (`bodyIncludes`, or `body`:
 * `equalToJson`, `includesJson` a subset, `jsonPath` values, `includes` text). Among the stubs that
 * match, the lowest `priority` wins (default 5), then the newest. It answers its status, headers and
 * body (or a file inside the stubs folder), after an optional delay, `times` times or for ever; its
 * strings may quote the request (`{{request.params.id}}`, `{{request.body.phone}}`). A call no stub
 * answers can ask which stubs came closest and why each missed (`explain`).
 */
import { createHash } from 'node:crypto'
import { readFile, realpath } from 'node:fs/promises'
import { isAbsolute, normalize, resolve, sep } from 'node:path'
import { z } from 'zod'

/** Characters that make a `path` a regular expression rather than a path. */
const REGEX_CHARS = /[[\]()^$\\|{}+?]/

const regexSource = z.string().superRefine((source, context) => {
  try {
    new RegExp(source)
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: `not a regular expression: ${error instanceof Error ? error.message : String(error)}`,
    })
  }
})

/** How one value (a query parameter, a header, a cookie, a body field) is matched. */
const ValueMatcherObject = z
  .strictObject({
    equalTo: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    matches: regexSource.optional(),
    contains: z.string().min(1).optional(),
    absent: z.literal(true).optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'sha256: 64 lower-case hex digits')
      .optional(),
  })
  .refine((matcher) => Object.values(matcher).filter((value) => value !== undefined).length === 1, {
    message: 'give exactly one of equalTo, matches, contains, absent, sha256',
  })
/** A bare string (or, in a body, any scalar) means `equalTo`. */
const ValueMatcherSchema = z.preprocess(
  (value) => (value !== null && typeof value === 'object' ? value : { equalTo: value }),
  ValueMatcherObject,
)
export type ValueMatcher = z.output<typeof ValueMatcherObject>

/** `$.phone`, `$.address.city`, `$.lines[0].goodsId`. */
const JSON_PATH = /^\$(?:\.[A-Za-z_$][\w$-]*|\[\d+\])+$/

const BodyMatcherSchema = z
  .strictObject({
    equalToJson: z.unknown().optional(),
    includesJson: z.unknown().optional(),
    jsonPath: z
      .record(z.string().regex(JSON_PATH, 'a JSONPath such as $.phone or $.lines[0].goodsId'), ValueMatcherSchema)
      .optional(),
    includes: z.string().min(1).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give equalToJson, includesJson, jsonPath or includes',
  })

export const MatchSchema = z
  .strictObject({
    method: z
      .string()
      .regex(/^[A-Za-z]+$|^\*$/, 'an HTTP method such as GET, or *')
      .transform((method) => method.toUpperCase())
      .default('*'),
    path: z
      .string()
      .startsWith('/')
      .refine((path) => !REGEX_CHARS.test(path), {
        message: 'looks like a regular expression: put it in pathRegex (path takes text, * and :name only)',
      })
      .optional(),
    pathRegex: regexSource.optional(),
    query: z.record(z.string(), ValueMatcherSchema).optional(),
    headers: z
      .record(z.string().regex(/^[!#$%&'*+.^_`|~\w-]+$/, 'a header name'), ValueMatcherSchema)
      .transform((headers) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])))
      .optional(),
    cookies: z.record(z.string(), ValueMatcherSchema).optional(),
    bodyIncludes: z.string().min(1).optional(),
    body: BodyMatcherSchema.optional(),
  })
  .superRefine((match, context) => {
    if ((match.path === undefined) === (match.pathRegex === undefined))
      context.addIssue({ code: 'custom', path: ['path'], message: 'give a path or a pathRegex (one of them)' })
  })
export type StubMatch = z.output<typeof MatchSchema>
export type StubMatchInput = z.input<typeof MatchSchema>

/** `{{request.…}}` in a stub's answer. */
const TEMPLATE = /\{\{\s*([^}]*?)\s*\}\}/g
const TEMPLATE_EXPRESSION =
  /^request\.(?:method|path|url|body|(?:params|query|headers|cookies)\.[\w.-]+|body(?:\.[A-Za-z_$][\w$-]*|\[\d+\])+)$/

/** A file under the stubs folder: relative, no way up. */
const bodyFilePath = z
  .string()
  .min(1)
  .refine((file) => !isAbsolute(file) && !normalize(file).split(/[\\/]/).includes('..'), {
    message: 'a path inside the stubs folder (relative, no ..)',
  })

/** A stub as `POST /__mock/stubs`, stub files and `PUT /__mock/state` take it. */
export const StubSchema = z
  .strictObject({
    name: z.string().max(200).optional(),
    priority: z.number().int().min(1).max(10).default(5),
    match: MatchSchema,
    respond: z
      .strictObject({
        status: z.number().int().min(100).max(599),
        headers: z.record(z.string(), z.string()).optional(),
        body: z.unknown().optional(),
        bodyFile: bodyFilePath.optional(),
        delayMs: z.number().int().min(0).max(120_000).optional(),
      })
      .refine((respond) => respond.body === undefined || respond.bodyFile === undefined, {
        message: 'a stub answers a body or a bodyFile, not both',
      }),
    times: z.number().int().positive().optional(),
    /** Serve a body the contract refuses (to test the store against a broken gateway); the journal marks it. */
    offContract: z.boolean().optional(),
  })
  .superRefine((stub, context) => {
    const named = namedParams(stub.match)
    const check = (text: string, path: (string | number)[]) => {
      for (const [, expression] of text.matchAll(TEMPLATE)) {
        if (!TEMPLATE_EXPRESSION.test(expression ?? ''))
          context.addIssue({
            code: 'custom',
            path,
            message: `unknown template {{${expression}}}: use request.method, path, url, params.<name>, query.<name>, headers.<name>, cookies.<name>, body or body.<field>`,
          })
        const param = /^request\.params\.(.+)$/.exec(expression ?? '')?.[1]
        if (param !== undefined && !named.includes(param))
          context.addIssue({
            code: 'custom',
            path,
            message: `{{${expression}}}: the path names no parameter ${param} (named: ${named.join(', ') || 'none'})`,
          })
      }
    }
    walkStrings(stub.respond.body, ['respond', 'body'], check)
    for (const [name, value] of Object.entries(stub.respond.headers ?? {})) check(value, ['respond', 'headers', name])
  })
export type StubInput = z.input<typeof StubSchema>
export type StubDef = z.output<typeof StubSchema>

/** The named parameters of a match: `:name` segments of the path, named groups of the regex. */
function namedParams(match: StubMatch): string[] {
  if (match.path !== undefined) return [...match.path.matchAll(/:([A-Za-z_]\w*)/g)].map((found) => found[1] as string)
  if (match.pathRegex !== undefined)
    return [...match.pathRegex.matchAll(/\(\?<([A-Za-z_]\w*)>/g)].map((f) => f[1] as string)
  return []
}

function walkStrings(
  value: unknown,
  path: (string | number)[],
  visit: (text: string, path: (string | number)[]) => void,
) {
  if (typeof value === 'string') visit(value, path)
  else if (Array.isArray(value)) value.forEach((item, index) => walkStrings(item, [...path, index], visit))
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) walkStrings(item, [...path, key], visit)
}

/** Whether a stub's answer quotes the request. */
export function isTemplated(stub: StubDef): boolean {
  let found = false
  const visit = (text: string) => {
    if (/\{\{[^}]*\}\}/.test(text)) found = true
  }
  walkStrings(stub.respond.body, [], visit)
  for (const value of Object.values(stub.respond.headers ?? {})) visit(value)
  return found
}

/** The `fields` of a 400 answer (or a start-up error) for a failed parse: each issue by its dotted path. */
export function issueFields(
  error: z.ZodError,
  root = 'body',
  known: (path: PropertyKey[]) => string = () => 'not a field of this call',
): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = `unknown key ${key}: ${known(issue.path)}`
    else if (issue.code === 'invalid_key')
      fields[issue.path.join('.')] ??= `bad key: ${issue.issues[0]?.message ?? issue.message}`
    else fields[issue.path.join('.') || root] ??= issue.message
  }
  return fields
}

/** Which keys an object of a stub takes, for the message about an unknown one. */
export function stubKeysText(path: PropertyKey[]): string {
  const where = path.filter((part) => typeof part === 'string').join('.')
  const known: Record<string, string> = {
    '': 'a stub takes name, priority, match, respond, times, offContract',
    match: 'match takes method, path, pathRegex, query, headers, cookies, bodyIncludes, body',
    'match.body': 'match.body takes equalToJson, includesJson, jsonPath, includes',
    respond: 'respond takes status, headers, body, bodyFile, delayMs',
  }
  return known[where] ?? 'a value matcher takes one of equalTo, matches, contains, absent, sha256'
}

/** A stub in force. */
export interface Stub extends StubDef {
  id: string
  /** Calls it answered. */
  hits: number
  /** The folder its `bodyFile` is read from (the stubs folder). */
  baseDir?: string | undefined
}

/** What matching needs to know about a call (a live request, or one the journal kept). */
export interface CallFacts {
  method: string
  path: string
  searchParams: URLSearchParams
  header(name: string): string | null
  /** Read only when a stub looks at the body. */
  body(): Promise<string>
}

/** A stub that answers a call, with the path parameters it captured. */
export interface StubMatchResult {
  stub: Stub
  params: Record<string, string>
}

/** Why a stub did not answer a call. */
export interface NearMiss {
  id: string
  name?: string | undefined
  match: StubMatch
  /** What differed, one line per criterion. */
  misses: string[]
}

/** The stubs of one mock gateway instance. */
export interface Stubs {
  readonly size: number
  add(stub: StubDef, baseDir?: string): Stub
  list(): Stub[]
  remove(id: string): boolean
  clear(): void
  /** The stub answering a call (its hit counted, and dropped once its `times` are used), if any. */
  match(call: CallFacts): Promise<StubMatchResult | undefined>
  /** The stubs closest to a call no stub answered, closest first, with what each missed. */
  explain(call: CallFacts, limit?: number): Promise<NearMiss[]>
}

/** Turns a `path` (text, `*`, `:name`) or a `pathRegex` into a matcher that also answers the named parameters. */
export function pathMatcher(
  match: Pick<StubMatch, 'path' | 'pathRegex'>,
): (path: string) => Record<string, string> | undefined {
  let regex: RegExp
  if (match.pathRegex !== undefined) regex = new RegExp(match.pathRegex)
  else {
    const pattern = match.path ?? '/'
    if (!pattern.includes('*') && !pattern.includes(':')) return (path) => (path === pattern ? {} : undefined)
    const source = pattern
      .split(/(\*|:[A-Za-z_]\w*)/)
      .map((part) =>
        part === '*'
          ? '.*'
          : part.startsWith(':')
            ? `(?<${part.slice(1)}>[^/]+)`
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')
    regex = new RegExp(`^${source}$`)
  }
  return (path) => {
    const found = regex.exec(path)
    return found ? { ...found.groups } : undefined
  }
}

/** The value at a JSONPath such as `$.a.b[0]` (or `a.b[0]`), undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  const steps = path.replace(/^\$/, '').match(/\.[^.[\]]+|\[\d+\]/g) ?? []
  let current = value
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined
    const key = step.startsWith('[') ? Number(step.slice(1, -1)) : step.slice(1)
    current = (current as Record<string | number, unknown>)[key]
  }
  return current
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Why a value fails a matcher (undefined when it matches). */
function valueMiss(matcher: ValueMatcher, actual: unknown): string | undefined {
  const shown = actual === undefined ? 'absent' : JSON.stringify(actual)
  if (matcher.absent) return actual === undefined ? undefined : `expected absent, got ${shown}`
  if (actual === undefined) return 'absent'
  const text = typeof actual === 'string' ? actual : JSON.stringify(actual)
  if (matcher.equalTo !== undefined)
    return actual === matcher.equalTo || (typeof actual === 'string' && actual === String(matcher.equalTo))
      ? undefined
      : `expected ${JSON.stringify(matcher.equalTo)}, got ${shown}`
  if (matcher.matches !== undefined)
    return new RegExp(matcher.matches).test(text) ? undefined : `expected to match /${matcher.matches}/, got ${shown}`
  if (matcher.contains !== undefined)
    return text.includes(matcher.contains)
      ? undefined
      : `expected to contain ${JSON.stringify(matcher.contains)}, got ${shown}`
  if (matcher.sha256 !== undefined) return sha256(text) === matcher.sha256 ? undefined : 'a different value (sha256)'
  return undefined
}

/** Whether `actual` holds everything of `expected` (objects by subset, arrays and scalars equal). */
function includesJson(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return actual === expected
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => includesJson(actual[index], item))
    )
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
  return Object.entries(expected).every(([key, value]) => includesJson((actual as Record<string, unknown>)[key], value))
}

const equalJson = (a: unknown, b: unknown) => includesJson(a, b) && includesJson(b, a)

/** The cookies of a `cookie` header. */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return cookies
}

/** A stub with its path matcher compiled. */
interface Entry {
  stub: Stub
  path: (path: string) => Record<string, string> | undefined
  order: number
}

/**
 * What a call misses of a stub's match, in the order a reader checks it; `all: false` stops at the
 * first miss. `params` gets the path parameters when the path matches.
 */
export async function matchMisses(
  match: StubMatch,
  path: (path: string) => Record<string, string> | undefined,
  call: CallFacts,
  all: boolean,
  params: Record<string, string> = {},
): Promise<string[]> {
  const misses: string[] = []
  const miss = (text: string) => {
    misses.push(text)
    return !all
  }
  if (match.method !== '*' && match.method !== call.method.toUpperCase())
    if (miss(`method: expected ${match.method}, got ${call.method.toUpperCase()}`)) return misses
  const captured = path(call.path)
  if (!captured) {
    if (miss(`path: expected ${match.path ?? `/${match.pathRegex}/`}, got ${call.path}`)) return misses
  } else Object.assign(params, captured)
  for (const [name, matcher] of Object.entries(match.query ?? {})) {
    const values = call.searchParams.getAll(name)
    const reasons = (values.length ? values : [undefined]).map((value) => valueMiss(matcher, value))
    if (!reasons.includes(undefined) && miss(`query ${name}: ${reasons[0]}`)) return misses
  }
  for (const [name, matcher] of Object.entries(match.headers ?? {})) {
    const reason = valueMiss(matcher, call.header(name) ?? undefined)
    if (reason && miss(`header ${name}: ${reason}`)) return misses
  }
  if (match.cookies) {
    const cookies = parseCookies(call.header('cookie'))
    for (const [name, matcher] of Object.entries(match.cookies)) {
      const reason = valueMiss(matcher, cookies[name])
      if (reason && miss(`cookie ${name}: ${reason}`)) return misses
    }
  }
  if (match.bodyIncludes === undefined && match.body === undefined) return misses
  const text = await call.body()
  if (match.bodyIncludes !== undefined && !text.includes(match.bodyIncludes))
    if (miss(`body: does not include ${JSON.stringify(match.bodyIncludes)}`)) return misses
  const body = match.body
  if (!body) return misses
  if (body.includes !== undefined && !text.includes(body.includes))
    if (miss(`body: does not include ${JSON.stringify(body.includes)}`)) return misses
  let json: unknown
  let isJson = true
  try {
    json = JSON.parse(text)
  } catch {
    isJson = false
  }
  const needsJson = body.equalToJson !== undefined || body.includesJson !== undefined || body.jsonPath !== undefined
  if (needsJson && !isJson) {
    miss('body: not JSON')
    return misses
  }
  if (body.equalToJson !== undefined && !equalJson(json, body.equalToJson))
    if (miss('body: not equal to equalToJson')) return misses
  if (body.includesJson !== undefined && !includesJson(json, body.includesJson))
    if (miss('body: does not include includesJson')) return misses
  for (const [at, matcher] of Object.entries(body.jsonPath ?? {})) {
    const reason = valueMiss(matcher, valueAt(json, at))
    if (reason && miss(`body ${at}: ${reason}`)) return misses
  }
  return misses
}

/** Creates an empty set of stubs. */
export function createStubs(): Stubs {
  let entries: Entry[] = []
  let next = 1
  let order = 0
  // Lowest priority number first; among equals, the newest first.
  const sort = () => entries.sort((a, b) => a.stub.priority - b.stub.priority || b.order - a.order)
  return {
    get size() {
      return entries.length
    },
    add(def, baseDir) {
      const stub: Stub = { ...def, id: `stub-${next++}`, hits: 0, baseDir }
      entries.push({ stub, path: pathMatcher(def.match), order: order++ })
      sort()
      return stub
    },
    list: () => [...entries].sort((a, b) => a.order - b.order).map(({ stub }) => stub),
    remove(id) {
      const before = entries.length
      entries = entries.filter(({ stub }) => stub.id !== id)
      return entries.length < before
    },
    clear() {
      entries = []
    },
    async match(call) {
      let text: Promise<string> | undefined
      const facts: CallFacts = { ...call, body: () => (text ??= call.body()) }
      for (const entry of entries) {
        const params: Record<string, string> = {}
        if ((await matchMisses(entry.stub.match, entry.path, facts, false, params)).length) continue
        const { stub } = entry
        stub.hits++
        if (stub.times !== undefined && stub.hits >= stub.times) entries = entries.filter((other) => other !== entry)
        return { stub, params }
      }
      return undefined
    },
    async explain(call, limit = 3) {
      let text: Promise<string> | undefined
      const facts: CallFacts = { ...call, body: () => (text ??= call.body()) }
      const scored: { entry: Entry; misses: string[]; weight: number }[] = []
      for (const entry of entries) {
        const misses = await matchMisses(entry.stub.match, entry.path, facts, true)
        // A different path weighs most: a stub for the same call with another header is closer.
        const weight = misses.length + misses.filter((line) => line.startsWith('path')).length * 2
        if (misses.length) scored.push({ entry, misses, weight })
      }
      return scored
        .sort((a, b) => a.weight - b.weight || a.entry.stub.priority - b.entry.stub.priority)
        .slice(0, limit)
        .map(({ entry: { stub }, misses }) => ({
          id: stub.id,
          ...(stub.name === undefined ? {} : { name: stub.name }),
          match: stub.match,
          misses,
        }))
    },
  }
}

/** What a template may quote. */
export interface TemplateRequest {
  method: string
  path: string
  url: string
  params: Record<string, string>
  searchParams: URLSearchParams
  header(name: string): string | null
  body: string
}

function templateValue(expression: string, request: TemplateRequest): unknown {
  const [, root, rest = ''] = /^request\.(\w+)(.*)$/.exec(expression) ?? []
  const key = rest.replace(/^\./, '')
  switch (root) {
    case 'method':
      return request.method
    case 'path':
      return request.path
    case 'url':
      return request.url
    case 'params':
      return request.params[key]
    case 'query':
      return request.searchParams.get(key) ?? undefined
    case 'headers':
      return request.header(key) ?? undefined
    case 'cookies':
      return parseCookies(request.header('cookie'))[key]
    case 'body': {
      if (!rest) return request.body
      try {
        return valueAt(JSON.parse(request.body), rest)
      } catch {
        return undefined
      }
    }
    default:
      return undefined
  }
}

/** Fills a string: a string that is one template takes the quoted value as is (a number stays a number). */
function fill(text: string, request: TemplateRequest): unknown {
  const whole = /^\{\{\s*([^}]*?)\s*\}\}$/.exec(text)
  if (whole) return templateValue(whole[1] ?? '', request) ?? null
  return text.replace(TEMPLATE, (_, expression: string) => {
    const value = templateValue(expression, request)
    return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  })
}

function fillDeep(value: unknown, request: TemplateRequest): unknown {
  if (typeof value === 'string') return fill(value, request)
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, request))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, request)]))
  return value
}

/** A stub's body and headers with the request's values filled in. */
export function renderAnswer(
  stub: StubDef,
  request: TemplateRequest,
): { body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(stub.respond.headers ?? {})) {
    const filled = fill(value, request)
    headers[name] = typeof filled === 'string' ? filled : JSON.stringify(filled)
  }
  return { body: fillDeep(stub.respond.body, request), headers }
}

/** Thrown for a `bodyFile` outside the stubs folder or missing. */
export class StubFileAccessError extends Error {
  override readonly name = 'StubFileAccessError'
}

/** The real path of a stub's body file, which must lie inside its stubs folder (symbolic links followed). */
export async function bodyFileIn(baseDir: string, file: string): Promise<string> {
  const folder = await realpath(baseDir).catch(() => resolve(baseDir))
  let target: string
  try {
    target = await realpath(resolve(folder, file))
  } catch {
    throw new StubFileAccessError(`respond.bodyFile: no file ${file} in the stubs folder ${folder}`)
  }
  if (!target.startsWith(folder + sep))
    throw new StubFileAccessError(`respond.bodyFile: ${file} lies outside the stubs folder ${folder}`)
  return target
}

/** The Response of a stub: its status and headers; a JSON body unless it is a string or a file. */
export async function stubResponse(
  stub: Stub,
  answer: { body: unknown; headers: Record<string, string> } = {
    body: stub.respond.body,
    headers: stub.respond.headers ?? {},
  },
): Promise<Response> {
  const { respond } = stub
  const headers = new Headers(answer.headers)
  let body: string | Uint8Array<ArrayBuffer> | null = null
  if (respond.bodyFile !== undefined) {
    const file = await bodyFileIn(stub.baseDir ?? process.cwd(), respond.bodyFile)
    const bytes = await readFile(file)
    body = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
    if (!headers.has('content-type'))
      headers.set('content-type', file.endsWith('.json') ? 'application/json' : 'application/octet-stream')
  } else if (typeof answer.body === 'string') {
    body = answer.body
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain; charset=utf-8')
  } else if (answer.body !== undefined) {
    body = JSON.stringify(answer.body)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  const noBody = respond.status === 204 || respond.status === 304 || respond.status < 200
  return new Response(noBody ? null : body, { status: respond.status, headers })
}
