import { describe, expect, it } from 'vitest'
import { hasUserAgreement, userAgreementCookie } from './user-agreement.ts'

describe('user agreement cookie', () => {
  it('is user_agreement=1 for a year on the whole site, SameSite=Lax', () => {
    expect(userAgreementCookie({ secure: false })).toBe('user_agreement=1; Path=/; SameSite=Lax; Max-Age=31556952')
  })

  it('adds Secure over HTTPS and the configured domain', () => {
    expect(userAgreementCookie({ secure: true, domain: '.aurora.example' })).toBe(
      'user_agreement=1; Path=/; SameSite=Lax; Max-Age=31556952; Domain=.aurora.example; Secure',
    )
  })

  it.each([
    ['', false],
    ['user_agreement=1', true],
    ['a=b; user_agreement=1; c=d', true],
    ['user_agreement=0', false],
    ['not_user_agreement=1', false],
  ])('reads %j as %s', (header, expected) => {
    expect(hasUserAgreement(header)).toBe(expected)
  })
})
