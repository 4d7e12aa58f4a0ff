/** Builds one isolated mock gateway: config, clock, seeded database, faults, sessions and handlers. */
import { readFile } from 'node:fs/promises'
import { getResponse, matchRequestUrl, type HttpHandler } from 'msw'
import { createClock, createManualClock, type MockClock } from './clock.ts'
import { mockConfig, type MockConfig } from './config.ts'
import { createDb } from './db/index.ts'
import { createFaultSwitches } from './faults.ts'
import { sleep } from './handlers/faults.ts'
import { createHandlers } from './handlers/index.ts'
import { clearOnChanges, createAnswerCache, type CachedAnswer } from './http/answer-cache.ts'
import { answerKey } from './http/mock-endpoint.ts'
import { controlOriginAllowed, isControlPath } from './http/control-path.ts'
import { gatewayError } from './http/gateway-error.ts'
import { createJournal } from './journal.ts'
import { isGatewayCall, readStubFiles, recordCall, StubFileError } from './record.ts'
import { seedState } from './seed/index.ts'
import { importState, parseStateFile } from './snapshot.ts'
import type { MockState } from './state.ts'
import { createContractCheck } from './contract/enforce.ts'
import type { JournalNote } from './journal.ts'
import { admissionText, admitStub, contractEnforced, stubsFolder } from './stub-intake.ts'
import { createStubs, isTemplated, renderAnswer, stubResponse, type CallFacts, type StubMatchResult } from './stubs.ts'

/** Options of createMockGateway. */
export interface MockGatewayOptions {
  /** Configuration (defaults of `mockConfig()` for what is left out). */
  config?: Partial<MockConfig>
  /** A clock the caller controls (default: real time, or standing still at `config.now`). */
  clock?: MockClock
  /** Check every catalogue answer against its schema (tests). */
  checkAnswers?: boolean
}

/** Options of one `handle` call (the standalone server's). */
export interface HandleOptions {
  /** The request body as already read (else it is read from a clone when a stub or the journal needs it). */
  body?: Uint8Array | undefined
  /** The caller writes the journal entry itself (the server, which also sees resets and hangs). */
  journaled?: boolean
}

/** One mock gateway instance. */
export interface MockGateway {
  readonly state: MockState
  /**
   * The msw handlers, for `setupServer(...gateway.handlers)`: faults, control (answering `/__mock/*`
   * at the root only), then the endpoints. Stubs, the journal and recording need `handle`.
   */
  readonly handlers: HttpHandler[]
  /**
   * Answers one request. A control path (`/__mock/*`, see http/control-path.ts) goes to the control
   * handlers only; any other to faults, stubs, the recorded gateway or the endpoint handlers, in that
   * order; 405 with `Allow` when the endpoints take the path with other methods only, else 404
   * `noMatch` with the closest stubs when nothing answers.
   */
  handle(request: Request, options?: HandleOptions): Promise<Response>
  /**
   * The kept answer of a GET of a cacheable endpoint (path with query), when no fault applies: the
   * standalone server writes it without building a Request or running a handler.
   */
  cached(method: string, pathAndQuery: string, authorization?: string): CachedAnswer | undefined
  /** What the journal should add about how a response of `handle` was made (the stub, near misses, contract). */
  noteOf(response: Response): JournalNote | undefined
}

/** Most `method path` routes remembered; beyond it the table starts again (paths with ids are unbounded). */
const ROUTE_TABLE_MAX_ENTRIES = 10_000

/**
 * The endpoint handlers that match a method and path, in their order: msw asks every
 * handler in turn (compiling its path and parsing cookies each time), so the matching handlers of a
 * path are found once with msw's own matcher and remembered. Handlers match on method and path only.
 */
/** HttpHandler's own method test (private in its types): a RegExp, or the name in any case. */
const methodMatches = (expected: string | RegExp, actual: string): boolean =>
  expected instanceof RegExp ? expected.test(actual) : expected.toLowerCase() === actual.toLowerCase()

function createRouteTable(handlers: readonly HttpHandler[]) {
  const routes = new Map<string, HttpHandler[]>()
  return (method: string, pathname: string): HttpHandler[] => {
    const key = `${method} ${pathname}`
    let matching = routes.get(key)
    if (!matching) {
      const url = new URL(pathname, 'http://mock')
      matching = handlers.filter(
        (handler) =>
          methodMatches(handler.info.method, method) &&
          typeof handler.info.path !== 'function' &&
          matchRequestUrl(url, handler.info.path).matches,
      )
      if (routes.size >= ROUTE_TABLE_MAX_ENTRIES) routes.clear()
      routes.set(key, matching)
    }
    return matching
  }
}

/**
 * The methods the endpoint handlers take on a path, for the `Allow` of a 405: their own, in their
 * order, and HEAD where GET is (answered as a GET without its body). Remembered per path, as routes are.
 */
function createAllowTable(handlers: readonly HttpHandler[]) {
  const allowed = new Map<string, string[]>()
  return (pathname: string): string[] => {
    let methods = allowed.get(pathname)
    if (!methods) {
      const url = new URL(pathname, 'http://mock')
      const taken = new Set<string>()
      for (const { info } of handlers)
        if (
          typeof info.method === 'string' &&
          typeof info.path !== 'function' &&
          matchRequestUrl(url, info.path).matches
        )
          taken.add(info.method.toUpperCase())
      if (taken.has('GET')) taken.add('HEAD')
      methods = [...taken]
      if (allowed.size >= ROUTE_TABLE_MAX_ENTRIES) allowed.clear()
      allowed.set(pathname, methods)
    }
    return methods
  }
}

/** Creates and seeds a fresh, isolated mock gateway. */
export async function createMockGateway(options: MockGatewayOptions = {}): Promise<MockGateway> {
  const config = mockConfig(options.config)
  const clock = options.clock ?? (config.now === undefined ? createClock() : createManualClock(config.now))
  const state: MockState = {
    config,
    clock,
    seededAt: clock.now(),
    db: createDb(),
    faults: createFaultSwitches(config.faults),
    stubs: createStubs(),
    journal: createJournal(config.journalSize),
    auth: {
      attempts: new Map(),
      otpRequests: new Map(),
      idCodes: new Map(),
      refreshTokens: new Map(),
      secret: `mock-gateway-${config.product}-${config.seed}`,
      captchaTokens: new Map(),
      fingerprints: { issued: new Map(), received: [] },
    },
    cardSessions: new Map(),
    idempotency: new Map(),
    orderVersions: new Map(),
    fullSlots: new Set(),
    redirects: new Map(),
    seq: { user: 200_000, order: 0, review: 0, paymentMethod: 0, feedback: 0 },
    checkAnswers: options.checkAnswers ?? false,
    answers: createAnswerCache(),
    contract: createContractCheck(config.product),
    publicUrl:
      config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
  }
  // The seed is made at one instant of the clock (`seededAt`), so exporting the state can make the very
  // same seed again and send only what changed since (snapshot.ts).
  await seedState({ ...state, clock: createManualClock(state.seededAt) })
  if (config.stubsDir)
    for (const { raw, name } of await readStubFiles(config.stubsDir)) {
      const admitted = await admitStub(state, raw)
      if (!admitted.stub) throw new StubFileError(`${name}: not a stub (${admissionText(admitted.fields)})`)
      state.stubs.add(admitted.stub, stubsFolder(state))
    }
  if (config.stateFile) await importState(state, parseStateFile(JSON.parse(await readFile(config.stateFile, 'utf8'))))
  clearOnChanges(state.answers, state.db)
  const { faults, control, endpoints } = createHandlers(state)
  const route = createRouteTable(endpoints)
  const allowedMethods = createAllowTable(endpoints)
  const decoder = new TextDecoder()

  const notes = new WeakMap<Response, JournalNote>()
  const noted = (response: Response, note: JournalNote) => {
    notes.set(response, note)
    return response
  }

  /** A stub's answer: its delay, its body with the request filled in, checked against the contract when it quotes the request. */
  async function answerStub({ stub, params }: StubMatchResult, request: Request, facts: CallFacts): Promise<Response> {
    if (stub.respond.delayMs) await sleep(stub.respond.delayMs, request.signal)
    const templated = isTemplated(stub)
    const url = new URL(request.url)
    const answer = renderAnswer(stub, {
      method: request.method,
      path: facts.path,
      url: url.pathname + url.search,
      params,
      searchParams: facts.searchParams,
      header: facts.header,
      body: templated ? await facts.body() : '',
    })
    const note: JournalNote = { stub: stub.id }
    // An answer quoting the request is checked as served; a fixed one was checked when the stub came in.
    if (
      answer.body !== undefined &&
      !(typeof answer.body === 'string' && stub.respond.status >= 500) &&
      (templated || !contractEnforced(state, stub))
    ) {
      const complaints = state.contract(request.method, facts.path, stub.respond.status, answer.body)
      if (complaints.length && contractEnforced(state, stub))
        return noted(
          gatewayError(
            500,
            'mockContractViolation',
            `Stub ${stub.id} answered ${request.method} ${facts.path} with a body that breaks the contract: ${complaints.slice(0, 3).join('; ')}`,
          ),
          { ...note, contractViolations: complaints },
        )
      if (complaints.length) note.contractViolations = complaints
    }
    return noted(await stubResponse(stub, answer), note)
  }

  /** A data-path call: a fault, a stub, the recorded gateway or the endpoint handlers; 405 or 404 (near misses) else. */
  async function answerData(request: Request, pathname: string, body: () => Promise<string>): Promise<Response> {
    if (state.faults.match(pathname)) {
      const faulted = await getResponse(faults, request)
      if (faulted) return faulted
    }
    const facts: CallFacts = {
      method: request.method,
      path: pathname,
      searchParams: new URL(request.url).searchParams,
      header: (name) => request.headers.get(name),
      body,
    }
    if (state.stubs.size > 0) {
      const found = await state.stubs.match(facts)
      if (found) return answerStub(found, request, facts)
    }
    if (config.record && isGatewayCall(state, pathname)) {
      const recorded = await recordCall(state, request, await body())
      return recorded.note ? noted(recorded.response, recorded.note) : recorded.response
    }
    const routed = route(request.method, pathname)
    const response = await getResponse(routed, request)
    if (response) return response
    if (!routed.length && request.method === 'HEAD') {
      // HEAD is taken where GET is (RFC 9110 section 9.3.2), as the store's proxy forwards it.
      const got = await getResponse(route('GET', pathname), new Request(request, { method: 'GET' }))
      if (got) return new Response(null, { status: got.status, statusText: got.statusText, headers: got.headers })
    }
    const nearMisses = await state.stubs.explain(facts)
    const allow = routed.length ? [] : allowedMethods(pathname)
    if (allow.length) {
      const refused = gatewayError(
        405,
        'methodNotAllowed',
        `Метод ${request.method} не поддерживается для ${pathname}; допустимы: ${allow.join(', ')}`,
        { allow, ...(nearMisses.length ? { nearMisses } : {}) },
      )
      refused.headers.set('allow', allow.join(', '))
      return noted(refused, { nearMisses: nearMisses.map(({ id, misses }) => ({ id, misses })) })
    }
    return noted(
      Response.json(
        {
          code: 'noMatch',
          message: `No stub and no handler answers ${request.method} ${pathname}${nearMisses.length ? '; the closest stubs are in nearMisses' : ''}`,
          nearMisses,
        },
        { status: 404 },
      ),
      { nearMisses: nearMisses.map(({ id, misses }) => ({ id, misses })) },
    )
  }

  return {
    state,
    handlers: [...faults, ...control, ...endpoints],
    async handle(request, options = {}) {
      const { pathname } = new URL(request.url)
      if (isControlPath(pathname)) {
        // A page of another site in the developer's browser may not drive the control plane (forms
        // and simple requests need no preflight): a browser's Origin must be the mock's own.
        const from = request.headers.get('origin')
        if (
          from !== null &&
          !controlOriginAllowed(from, request.headers.get('host') ?? new URL(request.url).host, state.publicUrl)
        )
          return gatewayError(403, 'forbidden', '/__mock/* answers its own loopback origin only')
        const response = await getResponse(control, request)
        return (
          response ??
          gatewayError(404, 'notFound', `The mock gateway has no control call ${request.method} ${pathname}`)
        )
      }
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      // The body is read at most once, from a clone taken before any handler reads the request.
      const copy = hasBody && options.body === undefined ? request.clone() : undefined
      let text: Promise<string> | undefined
      const body = () =>
        (text ??=
          options.body !== undefined
            ? Promise.resolve(decoder.decode(options.body))
            : (copy?.text() ?? Promise.resolve('')))
      // Anything but a read may change what a kept answer says (control switches, redirects): the
      // cache is emptied when it starts and again when it is done, so no read in between is kept.
      if (hasBody) state.answers.clear()
      const response = await answerData(request, pathname, body).finally(() => {
        if (hasBody) state.answers.clear()
      })
      if (!options.journaled && state.journal.size > 0) {
        const url = new URL(request.url)
        state.journal.record({
          at: Date.now(),
          method: request.method,
          url: url.pathname + url.search,
          headers: request.headers,
          body: hasBody ? await body() : undefined,
          status: response.type === 'error' ? 'reset' : response.status,
          note: notes.get(response),
        })
      }
      return response
    },
    noteOf: (response) => notes.get(response),
    cached(method, pathAndQuery, authorization) {
      if (method !== 'GET' || state.stubs.size > 0 || config.record) return undefined
      const now = state.clock.now()
      const kept =
        state.answers.get(pathAndQuery, now) ??
        (authorization ? state.answers.get(answerKey(pathAndQuery, authorization), now) : undefined)
      if (!kept) return undefined
      const query = pathAndQuery.indexOf('?')
      return state.faults.match(query < 0 ? pathAndQuery : pathAndQuery.slice(0, query)) ? undefined : kept
    },
  }
}
