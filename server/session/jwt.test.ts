import { describe, expect, it } from 'vitest'
import { decodeClaims, isExpiring } from './jwt.ts'

const token = (payload: unknown) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`

describe('access token claims', () => {
  it('reads the expiry and the subject (a numeric subject as text)', () => {
    expect(decodeClaims(token({ exp: 1_700_000_000, sub: 'u-1' }))).toEqual({ exp: 1_700_000_000, sub: 'u-1' })
    expect(decodeClaims(token({ sub: 100001 }))).toEqual({ exp: undefined, sub: '100001' })
  })

  it('has no claims for an unreadable token', () => {
    for (const bad of ['', 'opaque', 'h.!!!.s', token(null), token('text'), token({ exp: '1', sub: {} })]) {
      expect(decodeClaims(bad)).toEqual({ exp: undefined, sub: undefined })
    }
  })

  it('calls a token expiring within the skew expiring, and one without expiry never', () => {
    const now = 1_000_000_000_000
    expect(isExpiring({ exp: now / 1000 + 4, sub: undefined }, now)).toBe(true)
    expect(isExpiring({ exp: now / 1000 + 6, sub: undefined }, now)).toBe(false)
    expect(isExpiring({ exp: undefined, sub: undefined }, now)).toBe(false)
  })
})
