/**
 * The login flow of the dialog: the pure state machine of `shared/auth` driven by the gateway calls
 * (the code request through the proxy, the code check and token fetch answered by our server), the
 * stored last attempt, the device id, and the profile load after the configurable delay.
 * Every call is aborted when the dialog closes (spec section 4: closing rejects the authorization).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { whenIdle } from '#client/lib/when-idle.ts'
import { mutate } from 'swr'
import { unstable_serialize } from 'swr'
import { bffCheckOtp, bffGetTokens, type BffSession } from '#shared/auth/bff.ts'
import { errorFlag } from '#shared/auth/error-flags.ts'
import {
  decidePhoneSubmit,
  resumeLogin,
  loginReducer,
  type LastOtpAttempt,
  type LoginState,
} from '#shared/auth/login-machine.ts'
import { AppError } from '#shared/api/errors.ts'
import { requestOtp } from '#shared/gateway/auth.ts'
import { getProfile } from '#shared/gateway/profile.ts'
import { profileQuery } from '#shared/queries/profile.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { ensureDeviceId } from './device-id.ts'
import { requestFingerprintToken } from './fingerprint.ts'
import {
  clearLastAttempt,
  isPhoneEditing,
  markPhoneEditing,
  readLastAttempt,
  writeLastAttempt,
} from './last-attempt.ts'

/** How the flow ended. */
export type LoginOutcome =
  { kind: 'signed-in'; session: BffSession; profileFailed: boolean } | { kind: 'register'; phone: string }

/** The state and actions of the login form. */
export interface LoginFlow {
  state: LoginState
  submitPhone: (input: string, captchaToken?: string) => void
  resend: (captchaToken?: string) => void
  submitCode: (code: string) => void
  changePhone: () => void
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new AppError('aborted'))
      },
      { once: true },
    )
  })

const isAbort = (error: unknown) => error instanceof AppError && error.code === 'aborted'

/** Runs the login form; `onFinish` gets the outcome once (never after the dialog closed). */
export function useLoginFlow(onFinish: (outcome: LoginOutcome) => void): LoginFlow {
  const { api, config } = useApp()
  const { track } = useAnalytics()
  // Reopened while a code still works: straight back to its code step, nothing sent (UX3-20).
  const [state, dispatch] = useReducer(loginReducer, undefined, () =>
    resumeLogin(isPhoneEditing() ? undefined : readLastAttempt(), Date.now()),
  )
  const controller = useRef<AbortController | null>(null)
  const onFinishRef = useRef(onFinish)
  onFinishRef.current = onFinish

  useEffect(() => {
    controller.current = new AbortController()
    // The device id cookie exists before the first code request (spec section 3). Computed in idle time,
    // not in the task that opens the dialog (a hash through crypto.subtle); the code request awaits it.
    const cancel = whenIdle(() => void ensureDeviceId(), 1_000)
    return () => {
      cancel()
      controller.current?.abort()
    }
  }, [])
  const signal = () => controller.current?.signal ?? new AbortController().signal

  const requestCode = useCallback(
    async (phone: string, captchaToken?: string) => {
      dispatch({ type: 'otp-requested' })
      track('security_phone_submit')
      try {
        const deviceId = await ensureDeviceId()
        // The fingerprint token is only fetched where configured; its failure is only logged, and the
        // code request then goes without it (spec section 7). It travels in the request's body.
        const fingerprintToken = await requestFingerprintToken(config, deviceId)
        const body = {
          aud: config.aud,
          phone,
          // The spec's spelling of the field (section 7).
          ...(captchaToken ? { 'captcha-token': captchaToken } : {}),
          ...(fingerprintToken ? { fingerprintToken } : {}),
        }
        const answer = await api.call(requestOtp, { body, signal: signal() })
        const attempt: LastOtpAttempt = { attemptId: answer.attemptId, expiresAt: Date.parse(answer.expires), phone }
        writeLastAttempt(attempt)
        dispatch({ type: 'otp-received', attempt })
      } catch (error) {
        if (!isAbort(error)) dispatch({ type: 'otp-failed', error: errorFlag('phone-submit', error) })
      }
    },
    [api, config, track],
  )

  const submitPhone = useCallback(
    (input: string, captchaToken?: string) => {
      const decision = decidePhoneSubmit(input, readLastAttempt(), Date.now())
      if (decision.kind === 'invalid') dispatch({ type: 'phone-invalid', message: decision.error.message })
      // Spec section 4: the same phone before its code expired goes straight to the code step.
      else if (decision.kind === 'reuse') {
        markPhoneEditing(false)
        dispatch({ type: 'otp-received', attempt: decision.attempt })
      } else void requestCode(decision.phone, captchaToken)
    },
    [requestCode],
  )

  const resend = useCallback(
    (captchaToken?: string) => {
      if (state.step !== 'code') return
      track('security_code_resend_click')
      void requestCode(state.attempt.phone, captchaToken)
    },
    [requestCode, state, track],
  )

  const submitCode = useCallback(
    async (code: string) => {
      if (state.step !== 'code' || state.status === 'pending') return
      const { attempt } = state
      dispatch({ type: 'code-submitted' })
      track('security_code_submit')
      let registered: boolean
      try {
        const answer = await api.call(bffCheckOtp, {
          body: { aud: config.aud, phone: attempt.phone, attemptId: attempt.attemptId, code },
          signal: signal(),
        })
        registered = answer.isRegistered
      } catch (error) {
        if (isAbort(error)) return
        // An expired or exhausted attempt cannot be reused: the next submit asks for a new code.
        if (error instanceof AppError && error.status === 422) clearLastAttempt()
        track('security_code_error')
        return dispatch({ type: 'code-failed', error: errorFlag('verify-code', error) })
      }
      clearLastAttempt()
      dispatch({ type: 'code-verified', registered })
      if (!registered) return onFinishRef.current({ kind: 'register', phone: attempt.phone })

      let session: BffSession
      try {
        session = await api.call(bffGetTokens, { body: {}, signal: signal() })
      } catch (error) {
        if (!isAbort(error)) dispatch({ type: 'code-failed', error: errorFlag('verify-code', error) })
        return
      }
      // Spec section 9: the profile is loaded a configurable delay after the token fetch.
      let profileFailed = false
      try {
        await wait(session.profileLoadDelayMs, signal())
        const profile = await api.call(getProfile, { signal: signal() })
        await mutate(unstable_serialize(profileQuery().key), profile, { revalidate: false })
      } catch (error) {
        if (isAbort(error)) return
        profileFailed = true
        dispatch({ type: 'profile-failed', error: errorFlag('fetch-profile', error) })
      }
      track('security_login_success')
      dispatch({ type: 'signed-in' })
      onFinishRef.current({ kind: 'signed-in', session, profileFailed })
    },
    [api, config, state, track],
  )

  // The shopper left the code step on purpose: a reopened sheet shows the number for correction, not
  // that code again (UX3-20 resumes the code step only when the shopper did not leave it).
  const changePhone = useCallback(() => {
    markPhoneEditing(true)
    dispatch({ type: 'change-phone' })
  }, [])

  return { state, submitPhone, resend, submitCode: (code) => void submitCode(code), changePhone }
}
