/**
 * Who signed in, as the server learnt it at sign-in (the gateway's answer), kept in an HttpOnly
 * cookie signed with `SESSION_SECRET` (HMAC-SHA256). Per-user decisions (e-commerce, the user id of
 * `/api/session`) read this, never the `user_id` cookie, which page script can write.
 *
 * The value is bound to its session (decision 026): it carries the session id and an expiry, and its
 * MAC also covers a digest of the refresh token the store issued to that session. It verifies only
 * next to that session id and that refresh token, before its expiry, so another shopper's value, a
 * value from an ended session or one past its time is refused. The same proof tells the sign-out that
 * the tokens it is asked to revoke are ones this store issued to this session (decision 026).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** What a signed value is bound to. */
export interface SessionBinding {
  /** The session id cookie of the request. */
  sessionId: string | undefined
  /** The refresh token cookie of the request. */
  refreshToken: string | undefined
}

/** A verified value: who, and until when (epoch seconds) the proof holds. */
export interface SignedUser {
  userId: string
  expiresAt: number
}

/** SHA-256 of a token, hex: the denylist's key of that token (never the token itself). */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex')

const mac = (secret: string, userId: string, sessionId: string, expiresAt: number, refreshToken: string) =>
  createHmac('sha256', secret)
    .update(`session-user:v2\u0000${userId}\u0000${sessionId}\u0000${expiresAt}\u0000${tokenDigest(refreshToken)}`)
    .digest('base64url')

/** Session ids are ours (32 hex characters); a value naming anything else is not ours. */
const SESSION_ID = /^[0-9A-Za-z_-]{8,64}$/

/** The cookie value naming `userId` for this session until `expiresAt` (epoch seconds): `{userId}.{sessionId}.{expiresAt}.{mac}`. */
export function signUser(
  secret: string,
  userId: string,
  binding: { sessionId: string; refreshToken: string },
  expiresAt: number,
): string {
  return `${userId}.${binding.sessionId}.${expiresAt}.${mac(secret, userId, binding.sessionId, expiresAt, binding.refreshToken)}`
}

/**
 * The user of a signed value, or undefined when the value is not ours (forged, another key, broken),
 * belongs to another session or refresh token, or has expired at `nowS` (epoch seconds).
 */
export function verifySignedUser(
  secret: string,
  value: string | undefined,
  binding: SessionBinding,
  nowS: number = Math.floor(Date.now() / 1000),
): SignedUser | undefined {
  if (!value || !binding.sessionId || !binding.refreshToken) return undefined
  const parts = value.split('.')
  if (parts.length < 4) return undefined
  const given = Buffer.from(parts.pop()!)
  const expiresText = parts.pop()!
  const sessionId = parts.pop()!
  const userId = parts.join('.')
  if (!userId || sessionId !== binding.sessionId || !SESSION_ID.test(sessionId)) return undefined
  if (!/^\d{1,12}$/.test(expiresText)) return undefined
  const expiresAt = Number(expiresText)
  if (expiresAt <= nowS) return undefined
  const expected = Buffer.from(mac(secret, userId, sessionId, expiresAt, binding.refreshToken))
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, expiresAt } : undefined
}

/** The user id of a signed value (see `verifySignedUser`). */
export const verifyUser = (
  secret: string,
  value: string | undefined,
  binding: SessionBinding,
  nowS?: number,
): string | undefined => verifySignedUser(secret, value, binding, nowS)?.userId
