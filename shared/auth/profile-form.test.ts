import { describe, expect, it } from 'vitest'
import { AppError } from '../api/errors.ts'
import { errorFlag, profileErrorMessage } from './error-flags.ts'
import { fromIsoDate, profileChanges, registrationFields, toIsoDate, validateProfileForm } from './profile-form.ts'

const NOW = new Date('2025-03-01T00:00:00Z')

describe('birth date', () => {
  it.each([
    ['14.05.1990', '1990-05-14'],
    ['29.02.2000', '2000-02-29'],
    ['29.02.2001', undefined],
    ['31.04.1990', undefined],
    ['14.05.199', undefined],
    ['01.01.2030', undefined],
    ['01.01.1800', undefined],
  ])('%s is sent as %s', (masked, iso) => {
    expect(toIsoDate(masked, NOW)).toBe(iso)
  })

  it.each([
    ['01.01.2099', 'Дата рождения не может быть в будущем'],
    ['02.03.2025', 'Дата рождения не может быть в будущем'],
    ['31.04.1990', 'Такой даты нет: проверьте день и месяц'],
    ['29.02.2001', 'Такой даты нет: проверьте день и месяц'],
    ['01.01.1899', 'Проверьте год рождения: не раньше 1900'],
    ['14.05.199', 'Укажите дату в формате ДД.ММ.ГГГГ'],
    ['14.05.1990', undefined],
  ])('a birth date of %s is answered %j', (birthDate, message) => {
    expect(validateProfileForm({ firstName: 'Анна', birthDate, email: '' }, NOW).birthDate).toBe(message)
  })

  it.each([
    ['1990-05-14', '14.05.1990'],
    [null, ''],
  ])('%s is shown as %j', (iso, masked) => {
    expect(fromIsoDate(iso)).toBe(masked)
  })
})

describe('registration fields', () => {
  it.each([
    ['empty optional fields are left out', { firstName: ' Анна ', birthDate: '', email: '' }, { firstName: 'Анна' }],
    [
      'all fields',
      { firstName: 'Анна', birthDate: '14.05.1990', email: 'a@b.ru' },
      { firstName: 'Анна', birthDate: '1990-05-14', email: 'a@b.ru' },
    ],
  ])('%s', (_name, values, expected) => {
    expect(registrationFields(values)).toEqual(expected)
  })

  it.each([
    [{ firstName: '', birthDate: '', email: '' }, ['firstName']],
    [{ firstName: 'A', birthDate: '99.99.9999', email: 'x' }, ['birthDate', 'email']],
    [{ firstName: 'A', birthDate: '', email: '' }, []],
  ])('validates %j', (values, fields) => {
    expect(Object.keys(validateProfileForm(values, NOW))).toEqual(fields)
  })
})

describe('profile changes', () => {
  const profile = { firstName: 'Анна', birthDate: '1990-05-14', email: 'anna@example.ru' }
  it.each([
    ['nothing changed', { firstName: 'Анна', birthDate: '14.05.1990', email: 'anna@example.ru' }, {}],
    ['the name changed', { firstName: 'Аня', birthDate: '14.05.1990', email: 'anna@example.ru' }, { firstName: 'Аня' }],
    ['the e-mail cleared', { firstName: 'Анна', birthDate: '14.05.1990', email: '' }, { email: null }],
    [
      'the date changed',
      { firstName: 'Анна', birthDate: '15.05.1990', email: 'anna@example.ru' },
      { birthDate: '1990-05-15' },
    ],
  ])('%s', (_name, values, expected) => {
    expect(profileChanges(profile, values)).toEqual(expected)
  })
})

describe('error flags', () => {
  it.each([
    [
      'phone-submit',
      new AppError('unprocessable', 'x', { status: 422, gatewayCode: 'unprocessableEntity' }),
      'Попробуйте снова позже',
    ],
    ['phone-submit', new AppError('upstream'), 'Не удалось отправить код. Проверьте интернет и попробуйте ещё раз'],
    [
      'verify-code',
      new AppError('bad_request', 'x', { status: 400, gatewayCode: 'wrongCode' }),
      'Неверный код. Попробуйте ещё раз',
    ],
    [
      'verify-code',
      new AppError('unprocessable', 'x', { status: 422, gatewayCode: 'attemptExpired' }),
      'Код устарел, запросите новый',
    ],
    ['fetch-profile', new AppError('network'), 'Что-то пошло не так'],
  ] as const)('%s with %s shows %j', (target, error, message) => {
    expect(errorFlag(target, error)).toMatchObject({ target, message })
  })

  it.each([
    [new AppError('unprocessable', 'x', { status: 422, gatewayCode: 'emailForbiddenToUse' }), 'Укажите личную почту'],
    [new Error('boom'), 'Что-то пошло не так'],
  ])('a profile change failing with %s shows %j', (error, message) => {
    expect(profileErrorMessage(error)).toBe(message)
  })
})
