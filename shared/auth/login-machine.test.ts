import { describe, expect, it } from 'vitest'
import {
  INITIAL_LOGIN_STATE,
  codeDigits,
  decidePhoneSubmit,
  isCodeComplete,
  loginReducer,
  resendSecondsLeft,
  type LastOtpAttempt,
  type LoginEvent,
  type LoginState,
} from './login-machine.ts'

const NOW = 1_000_000
const attempt: LastOtpAttempt = { attemptId: 'a1', expiresAt: NOW + 30_000, phone: '79000000001' }
const codeState: LoginState = { step: 'code', attempt, status: 'initial' }
const flag = { target: 'verify-code' as const, message: 'Неверный код. Попробуйте ещё раз' }

describe('decidePhoneSubmit', () => {
  it.each([
    ['an invalid number', '+7 (900) 00', attempt, 'invalid'],
    ['the same phone before expiry', '+7 (900) 000-00-01', attempt, 'reuse'],
    ['the same phone after expiry', '+7 (900) 000-00-01', { ...attempt, expiresAt: NOW }, 'request'],
    ['another phone', '+7 (900) 000-00-02', attempt, 'request'],
    ['no stored attempt', '+7 (900) 000-00-01', undefined, 'request'],
  ] as const)('%s → %s', (_name, input, last, kind) => {
    expect(decidePhoneSubmit(input, last, NOW).kind).toBe(kind)
  })

  it('shows the invalid-phone message at the phone-submit target', () => {
    expect(decidePhoneSubmit('12', undefined, NOW)).toEqual({
      kind: 'invalid',
      error: { target: 'phone-submit', message: 'Номер телефона введён некорректно' },
    })
  })
})

describe('loginReducer', () => {
  it.each<[string, LoginState, LoginEvent, LoginState]>([
    [
      'an invalid phone flags phone-submit',
      INITIAL_LOGIN_STATE,
      { type: 'phone-invalid' },
      {
        step: 'phone',
        status: 'error',
        error: { target: 'phone-submit', message: 'Номер телефона введён некорректно' },
      },
    ],
    ['a code request is pending', INITIAL_LOGIN_STATE, { type: 'otp-requested' }, { step: 'phone', status: 'pending' }],
    [
      'a received attempt opens the code step',
      { step: 'phone', status: 'pending' },
      { type: 'otp-received', attempt },
      codeState,
    ],
    [
      'a failed request stays on the phone step',
      { step: 'phone', status: 'pending' },
      { type: 'otp-failed', error: { target: 'phone-submit', message: 'Попробуйте снова позже' } },
      { step: 'phone', status: 'error', error: { target: 'phone-submit', message: 'Попробуйте снова позже' } },
    ],
    [
      'a submitted code is pending',
      codeState,
      { type: 'code-submitted' },
      { ...codeState, status: 'pending', error: undefined },
    ],
    [
      'a wrong code flags verify-code',
      codeState,
      { type: 'code-failed', error: flag },
      { ...codeState, status: 'error', error: flag },
    ],
    [
      'an unregistered phone ends the flow for registration',
      codeState,
      { type: 'code-verified', registered: false },
      { step: 'done', registered: false },
    ],
    [
      'a registered phone waits for the session',
      codeState,
      { type: 'code-verified', registered: true },
      { ...codeState, status: 'pending' },
    ],
    ['the loaded profile completes the flow', codeState, { type: 'signed-in' }, { step: 'done', registered: true }],
    [
      'a failed profile load flags fetch-profile',
      codeState,
      { type: 'profile-failed', error: { target: 'fetch-profile', message: 'Что-то пошло не так' } },
      { ...codeState, status: 'error', error: { target: 'fetch-profile', message: 'Что-то пошло не так' } },
    ],
    ['changing the phone goes back', codeState, { type: 'change-phone' }, INITIAL_LOGIN_STATE],
    ['closing resets the code step', { ...codeState, status: 'pending' }, { type: 'close' }, INITIAL_LOGIN_STATE],
    [
      'closing resets an error',
      { step: 'phone', status: 'error', error: flag },
      { type: 'close' },
      INITIAL_LOGIN_STATE,
    ],
    ['a code event on the phone step is ignored', INITIAL_LOGIN_STATE, { type: 'code-submitted' }, INITIAL_LOGIN_STATE],
  ])('%s', (_name, state, event, expected) => {
    expect(loginReducer(state, event)).toEqual(expected)
  })
})

describe('code input', () => {
  it.each([
    ['12345', '12345', true],
    ['12 34-5', '12345', true],
    ['1234', '1234', false],
    ['1234567', '12345', true],
    ['abc', '', false],
  ])('%j → %j (complete: %s)', (input, digits, complete) => {
    expect(codeDigits(input)).toBe(digits)
    expect(isCodeComplete(codeDigits(input))).toBe(complete)
  })

  it.each([
    [NOW, 30],
    [NOW + 29_001, 1],
    [NOW + 30_000, 0],
    [NOW + 90_000, 0],
  ])('at %d a new code may be asked for in %d s', (now, seconds) => {
    expect(resendSecondsLeft(attempt, now)).toBe(seconds)
  })
})

describe('resuming and refusals (decision 026)', () => {
  it('reopens at the code step while the stored code works, else at the phone step (UX3-20)', async () => {
    const { resumeLogin } = await import('./login-machine.ts')
    const attempt = { attemptId: 'a-1', expiresAt: 10_000, phone: '79000000001' }
    expect(resumeLogin(attempt, 9_000)).toEqual({ step: 'code', attempt, status: 'initial' })
    expect(resumeLogin(attempt, 10_000)).toEqual({ step: 'phone', status: 'initial' })
    expect(resumeLogin(undefined, 0)).toEqual({ step: 'phone', status: 'initial' })
  })

  it('says how many tries a wrong code leaves (UX4-22)', async () => {
    const { errorFlag, wrongCodeMessage } = await import('./error-flags.ts')
    const { AppError } = await import('../api/errors.ts')
    const wrong = (attemptsLeft: number) =>
      errorFlag(
        'verify-code',
        new AppError('bad_request', 'x', { status: 400, gatewayCode: 'wrongCode', details: { attemptsLeft } }),
      ).message
    expect(wrong(4)).toBe('Неверный код. Осталось 4 попытки')
    expect(wrong(1)).toBe('Неверный код. Осталась 1 попытка')
    expect(wrong(0)).toBe('Неверный код. Попытки закончились, запросите новый код')
    expect(wrongCodeMessage(5)).toBe('Неверный код. Осталось 5 попыток')
    expect(wrongCodeMessage(undefined)).toBe('Неверный код. Попробуйте ещё раз')
  })

  it('keeps when a refused code request may be sent again (UX4-01)', async () => {
    const { errorFlag } = await import('./error-flags.ts')
    const { AppError } = await import('../api/errors.ts')
    const before = Date.now()
    const flag = errorFlag(
      'phone-submit',
      new AppError('unprocessable', 'x', { status: 422, details: { retryAfter: 42 } }),
    )
    expect(flag.message).toBe('Попробуйте снова позже')
    expect(flag.retryAt).toBeGreaterThanOrEqual(before + 42_000)
    expect(flag.retryAt).toBeLessThanOrEqual(Date.now() + 42_000)
  })
})
