import { describe, expect, it } from 'vitest'
import { signUser, verifyUser } from './signed-user.ts'

const SECRET = 'a'.repeat(32)

describe('the signed session user', () => {
  it('reads back the user id it signed', () => {
    expect(verifyUser(SECRET, signUser(SECRET, '100001'))).toBe('100001')
  })

  it.each([
    ['another user id with the same mac', () => signUser(SECRET, '100001').replace('100001', '100002')],
    ['a plain user id', () => '100001'],
    ['another key', () => signUser('b'.repeat(32), '100001')],
    ['a truncated mac', () => signUser(SECRET, '100001').slice(0, -2)],
    ['nothing', () => undefined],
  ])('refuses %s', (_, value) => expect(verifyUser(SECRET, value())).toBeUndefined())
})
