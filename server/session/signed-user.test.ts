import { describe, expect, it } from 'vitest'
import { signUser, verifyUser } from './signed-user.ts'

const SECRET = 'a'.repeat(32)
const BINDING = { sessionId: '0123456789abcdef0123456789abcdef', refreshToken: 'refresh-1' }
const NOW = 1_800_000_000
const signed = (userId = '100001', expiresAt = NOW + 60, key = SECRET) => signUser(key, userId, BINDING, expiresAt)

describe('the signed session user', () => {
  it('reads back the user id it signed, in its session, before its end', () => {
    expect(verifyUser(SECRET, signed(), BINDING, NOW)).toBe('100001')
  })

  it.each([
    ['another user id with the same mac', () => signed().replace('100001', '100002'), BINDING],
    ['a plain user id', () => '100001', BINDING],
    ['another key', () => signed('100001', NOW + 60, 'b'.repeat(32)), BINDING],
    ['a truncated mac', () => signed().slice(0, -2), BINDING],
    ['nothing', () => undefined, BINDING],
    ['another session id', () => signed(), { ...BINDING, sessionId: 'f'.repeat(32) }],
    ['another refresh token', () => signed(), { ...BINDING, refreshToken: 'refresh-2' }],
    ['no refresh token', () => signed(), { ...BINDING, refreshToken: undefined }],
    ['no session id', () => signed(), { ...BINDING, sessionId: undefined }],
    ['a value past its end', () => signed('100001', NOW), BINDING],
    ['an end moved later', () => signed().replace(`.${NOW + 60}.`, `.${NOW + 6000}.`), BINDING],
  ])('refuses %s', (_, value, binding) => expect(verifyUser(SECRET, value(), binding, NOW)).toBeUndefined())
})
