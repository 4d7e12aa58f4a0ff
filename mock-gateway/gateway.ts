/** Builds one isolated mock gateway: config, clock, seeded database, faults, sessions and handlers. */
import { getResponse, type HttpHandler } from 'msw'
import { createClock, type MockClock } from './clock.ts'
import { mockConfig, type MockConfig } from './config.ts'
import { createDb } from './db/index.ts'
import { createFaultSwitches } from './faults.ts'
import { createHandlers } from './handlers/index.ts'
import { gatewayError } from './http/gateway-error.ts'
import { seedState } from './seed/index.ts'
import type { MockState } from './state.ts'

/** Options of createMockGateway. */
export interface MockGatewayOptions {
  /** Configuration (defaults of `mockConfig()` for what is left out). */
  config?: Partial<MockConfig>
  /** A clock the caller controls (default: real time). */
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
}

/** Creates and seeds a fresh, isolated mock gateway. */
export async function createMockGateway(options: MockGatewayOptions = {}): Promise<MockGateway> {
  const config = mockConfig(options.config)
  const state: MockState = {
    config,
    clock: options.clock ?? createClock(),
    db: createDb(),
    faults: createFaultSwitches(config.faults),
    auth: { attempts: new Map(), otpRequests: new Map(), idCodes: new Map(), refreshTokens: new Map(), secret: `mock-gateway-${config.product}-${config.seed}`,
      captchaTokens: new Map(), fingerprints: { issued: new Map(), received: [] } },
    cardSessions: new Map(),
    idempotency: new Map(),
    orderVersions: new Map(),
    redirects: new Map(),
    seq: { user: 200_000, order: 0, review: 0, paymentMethod: 0, feedback: 0 },
    checkAnswers: options.checkAnswers ?? false,
    publicUrl: config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
  }
  await seedState(state)
  const handlers = createHandlers(state)
  return {
    state,
    handlers,
    async handle(request) {
      const response = await getResponse(handlers, request)
      if (response) return response
      const { pathname } = new URL(request.url)
      return gatewayError(501, 'notImplemented', `The mock gateway has no handler for ${request.method} ${pathname}`)
    },
  }
}
