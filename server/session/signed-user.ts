/**
 * Who signed in, as the server learnt it at sign-in (the gateway's answer), kept in an HttpOnly
 * cookie signed with `SESSION_SECRET` (HMAC-SHA256). Per-user decisions (e-commerce, the user id of
 * `/api/session`) read this, never the `user_id` cookie, which page script can write.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`session-user:${userId}`).digest('base64url')

/** The cookie value naming `userId`: `{userId}.{mac}`. */
export function signUser(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId)}`
}

/** The user id of a signed value, or undefined when the value is not ours (forged, another key, broken). */
export function verifyUser(secret: string, value: string | undefined): string | undefined {
  if (!value) return undefined
  const dot = value.lastIndexOf('.')
  if (dot <= 0) return undefined
  const userId = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1))
  const expected = Buffer.from(mac(secret, userId))
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined
}
