/** Builds one isolated mock gateway: config, clock, seeded database, faults, sessions and handlers. */
import { getResponse, matchRequestUrl, type HttpHandler } from 'msw'
import { createClock, createManualClock, type MockClock } from './clock.ts'
import { mockConfig, type MockConfig } from './config.ts'
import { createDb } from './db/index.ts'
import { createFaultSwitches } from './faults.ts'
import { createHandlers } from './handlers/index.ts'
import { clearOnChanges, createAnswerCache, type CachedAnswer } from './http/answer-cache.ts'
import { gatewayError } from './http/gateway-error.ts'
import { seedState } from './seed/index.ts'
import type { MockState } from './state.ts'

/** Options of createMockGateway. */
export interface MockGatewayOptions {
  /** Configuration (defaults of `mockConfig()` for what is left out). */
  config?: Partial<MockConfig>
  /** A clock the caller controls (default: real time, or standing still at `config.now`). */
  clock?: MockClock
  /** Check every catalogue answer against its schema (tests). */
  checkAnswers?: boolean
}

/** One mock gateway instance. */
export interface MockGateway {
  readonly state: MockState
  /** The msw handlers, for `setupServer(...gateway.handlers)`. */
  readonly handlers: HttpHandler[]
  /** Answers one request; 501 naming the method and path when no handler matches. */
  handle(request: Request): Promise<Response>
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
  const state: MockState = {
    config,
    clock: options.clock ?? (config.now === undefined ? createClock() : createManualClock(config.now)),
    db: createDb(),
    faults: createFaultSwitches(config.faults),
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
  await seedState(state)
  clearOnChanges(state.answers, state.db)
  const { faults, endpoints } = createHandlers(state)
  const handlers = [...faults, ...endpoints]
  const route = createRouteTable(endpoints)
  return {
    state,
    handlers,
    async handle(request) {
      const { pathname } = new URL(request.url)
      // Anything but a read may change what a kept answer says (control switches, redirects): the
      // cache is emptied when it starts and again when it is done, so no read in between is kept.
      const writes = request.method !== 'GET' && request.method !== 'HEAD'
      if (writes) state.answers.clear()
      // The fault handler answers nothing for a path without a fault; with one, msw runs them all.
      const matching = state.faults.match(pathname) ? handlers : route(request.method, pathname)
      const response = await getResponse(matching, request).finally(() => {
        if (writes) state.answers.clear()
      })
      if (response) return response
      return gatewayError(501, 'notImplemented', `The mock gateway has no handler for ${request.method} ${pathname}`)
    },
    cached(method, pathAndQuery) {
      if (method !== 'GET') return undefined
      const kept = state.answers.get(pathAndQuery)
      if (!kept) return undefined
      const query = pathAndQuery.indexOf('?')
      return state.faults.match(query < 0 ? pathAndQuery : pathAndQuery.slice(0, query)) ? undefined : kept
    },
  }
}
