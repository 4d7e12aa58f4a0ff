/**
 * The login form of spec section 4 as a pure state machine: the phone step, then the code step.
 * Submitting the same phone while its previous code is still valid goes straight to the code step
 * without resending; closing the dialog resets everything to the phone step.
 */
import { OTP_CODE_LENGTH } from '../constants.ts'
import { AUTH_MESSAGES, type ErrorFlag } from './error-flags.ts'
import { normalizePhone } from './phone.ts'
import type { RequestStatus } from './request-status.ts'

/** The last OTP attempt kept on the device (spec section 3): its id, expiry and phone. */
export interface LastOtpAttempt {
  attemptId: string
  /** Epoch milliseconds after which the code no longer works. */
  expiresAt: number
  /** The phone it was sent to, as sent (`79000000001`). */
  phone: string
}

/** The state of the login form. */
export type LoginState =
  | { step: 'phone'; status: RequestStatus; error?: ErrorFlag | undefined }
  | { step: 'code'; attempt: LastOtpAttempt; status: RequestStatus; error?: ErrorFlag | undefined }
  | { step: 'done'; registered: boolean }

/** What happens to the form. */
export type LoginEvent =
  | { type: 'phone-invalid'; message?: string }
  | { type: 'otp-requested' }
  | { type: 'otp-received'; attempt: LastOtpAttempt }
  | { type: 'otp-failed'; error: ErrorFlag }
  | { type: 'code-submitted' }
  | { type: 'code-failed'; error: ErrorFlag }
  | { type: 'code-verified'; registered: boolean }
  | { type: 'profile-failed'; error: ErrorFlag }
  | { type: 'signed-in' }
  | { type: 'change-phone' }
  | { type: 'close' }

/** The state of a freshly opened (or closed and reopened) form. */
export const INITIAL_LOGIN_STATE: LoginState = Object.freeze({ step: 'phone', status: 'initial' })

/**
 * The state a (re)opened form starts in: the code step of a stored attempt whose code still works, so
 * reopening the sheet never sends another code (walkthrough UX3-20); else the phone step.
 */
export const resumeLogin = (last: LastOtpAttempt | undefined, now: number): LoginState =>
  last && last.expiresAt > now ? { step: 'code', attempt: last, status: 'initial' } : INITIAL_LOGIN_STATE

/** What submitting the phone step leads to. */
export type PhoneDecision =
  | { kind: 'invalid'; error: ErrorFlag }
  /** The previous code for this phone still works: show the code step, send nothing. */
  | { kind: 'reuse'; attempt: LastOtpAttempt }
  | { kind: 'request'; phone: string }

/** Whether a stored attempt is for this phone and still valid at `now`. */
const isAttemptReusable = (last: LastOtpAttempt | undefined, phone: string, now: number): last is LastOtpAttempt =>
  last !== undefined && last.phone === phone && last.expiresAt > now

/** Decides the phone step: an invalid number, a reusable attempt, or a new code request. */
export function decidePhoneSubmit(input: string, last: LastOtpAttempt | undefined, now: number): PhoneDecision {
  const phone = normalizePhone(input)
  if (!/\d/.test(input.replace(/^\s*\+\s*7/, '')))
    return { kind: 'invalid', error: { target: 'phone-submit', message: AUTH_MESSAGES.emptyPhone } }
  if (!phone) return { kind: 'invalid', error: { target: 'phone-submit', message: AUTH_MESSAGES.invalidPhone } }
  if (isAttemptReusable(last, phone, now)) return { kind: 'reuse', attempt: last }
  return { kind: 'request', phone }
}

/** Whether a typed code is complete (spec section 5: 5 digits) and should be submitted. */
export const isCodeComplete = (code: string): boolean => new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code)

/** Digits of a typed or pasted code, at most the code length. */
export const codeDigits = (input: string): string => input.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH)

/** Seconds until a new code may be asked for (the current one has expired), never negative. */
export const resendSecondsLeft = (attempt: LastOtpAttempt, now: number): number =>
  Math.max(0, Math.ceil((attempt.expiresAt - now) / 1000))

/** The next state of the form. Unknown combinations keep the state unchanged. */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'close':
      return INITIAL_LOGIN_STATE
    case 'phone-invalid':
      return state.step === 'phone'
        ? {
            step: 'phone',
            status: 'error',
            error: { target: 'phone-submit', message: event.message ?? AUTH_MESSAGES.invalidPhone },
          }
        : state
    case 'otp-requested':
      return state.step === 'done'
        ? state
        : state.step === 'phone'
          ? { step: 'phone', status: 'pending' }
          : { ...state, status: 'pending', error: undefined }
    case 'otp-received':
      return state.step === 'done' ? state : { step: 'code', attempt: event.attempt, status: 'initial' }
    case 'otp-failed':
      return state.step === 'done' ? state : { ...state, status: 'error', error: event.error }
    case 'code-submitted':
      return state.step === 'code' ? { ...state, status: 'pending', error: undefined } : state
    case 'code-failed':
    case 'profile-failed':
      return state.step === 'code' ? { ...state, status: 'error', error: event.error } : state
    case 'code-verified':
      // Spec section 4: an unregistered phone ends the flow here and registration follows.
      if (state.step !== 'code') return state
      return event.registered ? { ...state, status: 'pending' } : { step: 'done', registered: false }
    case 'signed-in':
      return state.step === 'code' ? { step: 'done', registered: true } : state
    case 'change-phone':
      return state.step === 'code' ? INITIAL_LOGIN_STATE : state
  }
}
