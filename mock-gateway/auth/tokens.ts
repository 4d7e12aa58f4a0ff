/**
 * Tokens of the mock id gateway: JWT-shaped access tokens (HS256 over a per-seed key, `sub` = user id,
 * `exp`) living `MOCK_ACCESS_TTL_S`, and opaque refresh tokens that work once and can be revoked.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TokenPair } from '#shared/models/auth.ts'
import type { MockState } from '../state.ts'

/** Refresh tokens live 30 days. */
export const REFRESH_TTL_MS = 30 * 86_400_000

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url')

const sign = (secret: string, data: string): string => createHmac('sha256', secret).update(data).digest('base64url')

/** Issues an access token and a refresh token for a user. */
export function issueTokens(state: MockState, userId: string, aud: string): TokenPair {
  const now = state.clock.now()
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64url(
    JSON.stringify({
      sub: userId,
      aud,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + state.config.accessTtlS,
      jti: randomBytes(8).toString('hex'),
    }),
  )
  const accessToken = `${header}.${payload}.${sign(state.auth.secret, `${header}.${payload}`)}`
  const refreshToken = randomBytes(24).toString('base64url')
  state.auth.refreshTokens.set(refreshToken, { userId, expiresAt: now + REFRESH_TTL_MS, status: 'active' })
  return { accessToken, refreshToken, expiresIn: state.config.accessTtlS }
}

/** The user id of a valid, unexpired access token of an existing user; undefined otherwise. */
export function verifyAccessToken(state: MockState, token: string): string | undefined {
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) return undefined
  const expected = Buffer.from(sign(state.auth.secret, `${header}.${payload}`))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  let claims: { sub?: unknown; exp?: unknown }
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims
  } catch {
    return undefined
  }
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return undefined
  if (claims.exp * 1000 <= state.clock.now()) return undefined
  return state.db.users.findFirst((q) => q.where({ userId: claims.sub as string })) ? claims.sub : undefined
}

/** The user of the request's `Authorization: Bearer` token, if it is valid. */
export function bearerUser(state: MockState, request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ? verifyAccessToken(state, match[1]) : undefined
}

/** Rotates a refresh token: the old one stops working. Undefined for a used, revoked, expired or unknown token. */
export function rotateRefreshToken(state: MockState, refreshToken: string, aud: string): TokenPair | undefined {
  const entry = state.auth.refreshTokens.get(refreshToken)
  if (!entry || entry.status !== 'active' || entry.expiresAt <= state.clock.now()) return undefined
  entry.status = 'used'
  return issueTokens(state, entry.userId, aud)
}

/** Revokes the active refresh tokens of one user (or of everyone); answers how many. */
export function revokeRefreshTokens(state: MockState, userId?: string): number {
  let count = 0
  for (const entry of state.auth.refreshTokens.values()) {
    if (entry.status === 'active' && (userId === undefined || entry.userId === userId)) {
      entry.status = 'revoked'
      count++
    }
  }
  return count
}
