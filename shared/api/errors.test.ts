import { describe, expect, it } from 'vitest'
import { AppError, FALLBACK_MESSAGE, GATEWAY_CODE_MESSAGES, userMessage } from './errors.ts'
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
    expect(userMessage(new AppError('unprocessable', 'x', { gatewayCode: 'unprocessableEntity' }))).toBe('Попробуйте снова позже')
  })

  it('spells every code as the gateway catalogue does', () => {
    for (const code of Object.keys(GATEWAY_CODE_MESSAGES)) expect(GATEWAY_CODES).toContain(code)
  })
})
