/**
 * Error flags of the login flow (spec section 8): a failed OTP request, profile fetch or code
 * verification sets a flag with its target, and the form shows the matching Russian text there.
 */
import { AppError, FALLBACK_MESSAGE, GATEWAY_CODE_MESSAGES, userMessage } from '../api/errors.ts'
import { INVALID_PHONE_MESSAGE } from './phone.ts'

/** Where an error is shown. */
export type ErrorTarget = 'phone-submit' | 'fetch-profile' | 'verify-code'

/** An error flag: its target and the text shown. */
export interface ErrorFlag {
  target: ErrorTarget
  message: string
  /** The gateway's code, when it gave one (`wrongCode`, `unprocessableEntity`, ...). */
  code?: string | undefined
}

/** Texts of spec section 5 and 8. */
export const AUTH_MESSAGES = {
  invalidPhone: INVALID_PHONE_MESSAGE,
  emptyPhone: 'Введите номер телефона',
  /** A code request that failed on the way (a dropped connection, a gateway error). */
  codeNotSent: 'Не удалось отправить код. Проверьте интернет и попробуйте ещё раз',
  wrongCode: 'Неверный код. Попробуйте ещё раз',
  tryLater: 'Попробуйте снова позже',
  codeExpired: 'Код устарел, запросите новый',
  personalEmail: 'Укажите личную почту',
  fallback: FALLBACK_MESSAGE,
} as const

/** The flag of a failed call at a target; the text depends on the target and the gateway's answer. */
export function errorFlag(target: ErrorTarget, error: unknown): ErrorFlag {
  const appError = error instanceof AppError ? error : undefined
  const code = appError?.gatewayCode
  const status = appError?.status
  let message: string = AUTH_MESSAGES.fallback
  if (target === 'phone-submit') {
    // Spec section 5: a 422 on the code request (too many requests) asks to try later.
    if (status === 422 || status === 429) message = AUTH_MESSAGES.tryLater
    else if (status === undefined || status >= 500) message = AUTH_MESSAGES.codeNotSent
    else if (status === 400 && code === 'validationError') message = AUTH_MESSAGES.invalidPhone
  } else if (target === 'verify-code') {
    if (code === 'wrongCode' || (status === 400 && code !== 'validationError')) message = AUTH_MESSAGES.wrongCode
    else if (status === 422) message = AUTH_MESSAGES.codeExpired
    else if (status === 400) message = AUTH_MESSAGES.wrongCode
  }
  return { target, message, code }
}

/** The text of a failed profile change: `emailForbiddenToUse` asks for a personal e-mail (spec section 5). */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.gatewayCode === 'emailForbiddenToUse') return AUTH_MESSAGES.personalEmail
  // cardMergeBlocked (registration), profileNotFound and incompleteProfile have their own texts.
  if (error instanceof AppError && error.gatewayCode && error.gatewayCode in GATEWAY_CODE_MESSAGES)
    return userMessage(error)
  return AUTH_MESSAGES.fallback
}
