/**
 * The whole state of one mock gateway instance: config, clock, database, faults, sessions and the
 * bookkeeping the collections do not hold. Nothing of it lives at module level, so tests can run
 * many independent instances in one process.
 */
import type { MockClock } from './clock.ts'
import type { MockConfig } from './config.ts'
import type { MockDb } from './db/index.ts'
import type { FaultSwitches } from './faults.ts'
import type { Journal } from './journal.ts'
import type { Stubs } from './stubs.ts'
import type { AnswerCache } from './http/answer-cache.ts'
import type { GoodsRedirect } from '#shared/models/goods.ts'

/** An OTP attempt of one phone. */
export interface OtpAttemptState {
  phone: string
  expiresAt: number
  wrongCodes: number
  /** Verified (its login code was issued) or invalidated by wrong codes. */
  closed: boolean
}

/** A one-time login code issued by a verified OTP. */
export interface IdCodeState {
  phone: string
  expiresAt: number
  used: boolean
}

/** A refresh token: single-use, revocable. */
export interface RefreshTokenState {
  userId: string
  expiresAt: number
  status: 'active' | 'used' | 'revoked'
}

/** A card form session opened by `POST /v1/payment-methods/card-sessions`. */
export interface CardSessionState {
  userId: string
  returnUrl: string
  expiresAt: number
  done: boolean
}

/** Sessions and login bookkeeping. */
export interface AuthState {
  attempts: Map<string, OtpAttemptState>
  /** Times of recent code requests per phone (the rate limit window). */
  otpRequests: Map<string, number[]>
  idCodes: Map<string, IdCodeState>
  refreshTokens: Map<string, RefreshTokenState>
  /** HMAC key of access tokens. */
  secret: string
  /** Captcha tokens issued by the emulated widget, to their expiry (single use). */
  captchaTokens: Map<string, number>
  /** Device-fingerprint tokens issued (to their client id) and received with code requests. */
  fingerprints: {
    issued: Map<string, string>
    received: { token: string; phone: string; known: boolean; at: string }[]
  }
}

/** Checks one answer against the OpenAPI contract: its complaints, empty when it conforms or the call is not in it (contract/enforce.ts). */
export type ContractCheck = (method: string, path: string, status: number, body: unknown) => string[]

/** Counters of generated ids. */
export interface Sequences {
  user: number
  order: number
  review: number
  paymentMethod: number
  feedback: number
}

/** One mock gateway instance. */
export interface MockState {
  readonly config: MockConfig
  readonly clock: MockClock
  /** The mock clock's time when the seed was made (the seed's dates follow it; see snapshot.ts). */
  seededAt: number
  readonly db: MockDb
  readonly faults: FaultSwitches
  /** Chosen answers to chosen calls, ahead of the handlers (`/__mock/stubs`). */
  readonly stubs: Stubs
  /** The last calls answered (`/__mock/requests`). */
  readonly journal: Journal
  readonly auth: AuthState
  readonly cardSessions: Map<string, CardSessionState>
  /** `${userId}:${idempotencyKey}` to the order it placed. */
  readonly idempotency: Map<string, Promise<string>>
  /** The last order change version of each user (see `/v1/orders/poll`). */
  readonly orderVersions: Map<string, number>
  /** Courier windows filled up by `POST /__mock/delivery-slots/full` (ids), on top of the seeded full ones. */
  readonly fullSlots: Set<string>
  /** Goods that moved, by id. */
  readonly redirects: Map<number, GoodsRedirect['redirect']>
  readonly seq: Sequences
  /** Check every answer against its endpoint schema (tests turn it on). */
  readonly checkAnswers: boolean
  /** Serialized answers of the cacheable catalogue endpoints, emptied on any change. */
  readonly answers: AnswerCache
  /** The mock's public origin for payment-form links (set by the server once it listens). */
  publicUrl: string
  /** Checks an answer against the OpenAPI contract (contract/enforce.ts). */
  readonly contract: ContractCheck
}

/** The base path of each gateway: `/webgate` and `/{product}-id`. */
export const gatewayBase = (gateway: 'web' | 'id', product: string): string =>
  gateway === 'web' ? '/webgate' : `/${product}-id`
