import { describe, expect, it } from 'vitest'
import {
  AppError,
  ERROR_CODES,
  FALLBACK_MESSAGE,
  GATEWAY_CODE_MESSAGES,
  GATEWAY_SPELLING,
  codeForStatus,
  errorBody,
  userMessage,
} from './errors.ts'
import { GATEWAY_CODES } from './gateway-error.ts'

describe('Russian texts of gateway codes', () => {
  it.each([
    ['cardMergeBlocked', 409, 'Не удалось объединить карту лояльности с профилем. Обратитесь в поддержку'],
    ['incompleteProfile', 422, 'Заполните профиль, чтобы продолжить'],
    ['profileNotFound', 404, 'Профиль не найден. Войдите снова'],
    ['CaptchaError', 400, FALLBACK_MESSAGE],
  ] as const)('shows %s as its own text whatever the status', (gatewayCode, status, text) => {
    expect(userMessage(new AppError('bad_request', 'x', { status, gatewayCode }))).toBe(text)
  })

  it('keeps the registry text for a code without its own', () => {
    expect(userMessage(new AppError('unprocessable', 'x', { gatewayCode: 'unprocessableEntity' }))).toBe(
      'Попробуйте снова позже',
    )
  })

  it('spells every code as the gateway catalogue does', () => {
    for (const code of Object.keys(GATEWAY_CODE_MESSAGES)) expect(GATEWAY_CODES).toContain(code)
  })
})

describe('error answers from the registry', () => {
  it('takes the text from the registry and spells the code as the registry does', () => {
    expect(errorBody('forbidden')).toEqual({ code: 'forbidden', message: 'Действие недоступно' })
    expect(errorBody('not_found')).toEqual({ code: 'not_found', message: 'Здесь ничего не нашлось' })
  })

  it('spells the code as the gateway does on the gateway paths, the text unchanged', () => {
    expect(errorBody('not_found', { gatewaySpelling: true })).toEqual({
      code: 'notFound',
      message: 'Здесь ничего не нашлось',
    })
    expect(errorBody('bad_request', { gatewaySpelling: true })).toEqual({
      code: 'validationError',
      message: 'Проверьте введённые данные',
    })
    expect(errorBody('unauthorized', { gatewaySpelling: true })).toEqual({
      code: 'unauthorized',
      message: 'Войдите, чтобы продолжить',
    })
  })

  it('maps every gateway spelling to a registry code of the same status as the gateway answers it', () => {
    expect(codeForStatus(404)).toBe('not_found')
    expect(codeForStatus(422)).toBe('unprocessable')
    expect(Object.keys(GATEWAY_SPELLING).every((code) => code in ERROR_CODES)).toBe(true)
  })

  it('lets a 5xx say only the generic text', () => {
    expect(errorBody('timeout', { message: FALLBACK_MESSAGE })).toEqual({
      code: 'timeout',
      message: 'Что-то пошло не так',
    })
  })
})
