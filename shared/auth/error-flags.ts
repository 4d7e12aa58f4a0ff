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
  /** When a new code may be asked for (epoch ms), when the refusal said (`retryAfter` seconds). */
  retryAt?: number | undefined
}

/** «Неверный код» with the tries the attempt has left (walkthrough UX4-22). */
export function wrongCodeMessage(attemptsLeft: unknown): string {
  if (typeof attemptsLeft !== 'number' || !Number.isInteger(attemptsLeft) || attemptsLeft < 0)
    return AUTH_MESSAGES.wrongCode
  if (attemptsLeft === 0) return 'Неверный код. Попытки закончились, запросите новый код'
  const tens = attemptsLeft % 100
  const ones = attemptsLeft % 10
  const word =
    tens >= 11 && tens <= 14 ? 'попыток' : ones === 1 ? 'попытка' : ones >= 2 && ones <= 4 ? 'попытки' : 'попыток'
  return `Неверный код. ${ones === 1 && tens !== 11 ? 'Осталась' : 'Осталось'} ${attemptsLeft} ${word}`
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
  let retryAt: number | undefined
  if (target === 'phone-submit') {
    // Spec section 5: a 422 on the code request (too many requests) asks to try later; the server says
    // when (decision 026), and the sheet counts down to it.
    const retryAfter = appError?.details?.['retryAfter']
    if ((status === 422 || status === 429) && typeof retryAfter === 'number' && retryAfter > 0)
      retryAt = Date.now() + retryAfter * 1000
    if (status === 422 || status === 429) message = AUTH_MESSAGES.tryLater
    else if (status === undefined || status >= 500) message = AUTH_MESSAGES.codeNotSent
    else if (status === 400 && code === 'validationError') message = AUTH_MESSAGES.invalidPhone
  } else if (target === 'verify-code') {
    if (code === 'wrongCode') message = wrongCodeMessage(appError?.details?.['attemptsLeft'])
    else if (status === 400 && code !== 'validationError') message = AUTH_MESSAGES.wrongCode
    else if (status === 422) message = AUTH_MESSAGES.codeExpired
    else if (status === 400) message = AUTH_MESSAGES.wrongCode
  }
  return { target, message, code, ...(retryAt === undefined ? {} : { retryAt }) }
}

/** The text of a failed profile change: `emailForbiddenToUse` asks for a personal e-mail (spec section 5). */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.gatewayCode === 'emailForbiddenToUse') return AUTH_MESSAGES.personalEmail
  // cardMergeBlocked (registration), profileNotFound and incompleteProfile have their own texts.
  if (error instanceof AppError && error.gatewayCode && error.gatewayCode in GATEWAY_CODE_MESSAGES)
    return userMessage(error)
  return AUTH_MESSAGES.fallback
}
