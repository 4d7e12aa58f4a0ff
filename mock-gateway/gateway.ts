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
import { isControlPath } from './http/control-path.ts'
import { gatewayError } from './http/gateway-error.ts'
import { createJournal } from './journal.ts'
import { isGatewayCall, readStubFiles, recordCall } from './record.ts'
import { seedState } from './seed/index.ts'
import { importState, parseStateFile } from './snapshot.ts'
import type { MockState } from './state.ts'
import { createStubs, stubResponse } from './stubs.ts'

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
   * order; 501 naming the method and path when nothing answers.
   */
  handle(request: Request, options?: HandleOptions): Promise<Response>
  /**
   * The kept answer of a GET of a cacheable endpoint (path with query), when no fault applies: the
   * standalone server writes it without building a Request or running a handler.
   */
  cached(method: string, pathAndQuery: string): CachedAnswer | undefined
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
    publicUrl:
      config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
  }
  // The seed is made at one instant of the clock (`seededAt`), so exporting the state can make the very
  // same seed again and send only what changed since (snapshot.ts).
  await seedState({ ...state, clock: createManualClock(state.seededAt) })
  if (config.stubsDir) for (const { stub, dir } of await readStubFiles(config.stubsDir)) state.stubs.add(stub, dir)
  if (config.stateFile) await importState(state, parseStateFile(JSON.parse(await readFile(config.stateFile, 'utf8'))))
  clearOnChanges(state.answers, state.db)
  const { faults, control, endpoints } = createHandlers(state)
  const route = createRouteTable(endpoints)
  const decoder = new TextDecoder()

  /** A data-path call: a fault, a stub, the recorded gateway or the endpoint handlers. */
  async function answerData(request: Request, pathname: string, body: () => Promise<string>): Promise<Response> {
    if (state.faults.match(pathname)) {
      const faulted = await getResponse(faults, request)
      if (faulted) return faulted
    }
    if (state.stubs.size > 0) {
      const url = new URL(request.url)
      const stub = await state.stubs.match({
        method: request.method,
        path: pathname,
        searchParams: url.searchParams,
        body,
      })
      if (stub) {
        if (stub.respond.delayMs) await sleep(stub.respond.delayMs, request.signal)
        return stubResponse(stub)
      }
    }
    if (config.record && isGatewayCall(state, pathname)) return recordCall(state, request, await body())
    const response = await getResponse(route(request.method, pathname), request)
    return (
      response ??
      gatewayError(501, 'notImplemented', `The mock gateway has no handler for ${request.method} ${pathname}`)
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
        if (from !== null && from !== `http://${request.headers.get('host') ?? new URL(request.url).host}`)
          return gatewayError(403, 'forbidden', '/__mock/* answers its own origin only')
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
        })
      }
      return response
    },
    cached(method, pathAndQuery) {
      if (method !== 'GET' || state.stubs.size > 0 || config.record) return undefined
      const kept = state.answers.get(pathAndQuery)
      if (!kept) return undefined
      const query = pathAndQuery.indexOf('?')
      return state.faults.match(query < 0 ? pathAndQuery : pathAndQuery.slice(0, query)) ? undefined : kept
    },
  }
}
