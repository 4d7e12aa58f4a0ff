/**
 * The device id of spec section 3: an uppercase hex SHA-256 of a browser fingerprint (user agent,
 * languages, screen, time zone, platform), kept in the `device_id` cookie (readable, one year) that
 * the API client sends as a header. Browser only; call it from effects and handlers.
 */
import { COOKIE } from '#shared/cookies.ts'
import { COOKIE_MAX_AGE_S } from '#shared/constants.ts'
import { readBrowserCookie } from '#client/context/session.ts'

/** The fingerprint source text of this browser. */
export function fingerprintSource(): string {
  const { userAgent, language, languages, platform, hardwareConcurrency } = navigator
  const { width, height, colorDepth } = screen
  return [
    userAgent,
    language,
    (languages ?? []).join(','),
    platform,
    String(hardwareConcurrency ?? ''),
    `${width}x${height}x${colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(new Date().getTimezoneOffset()),
  ].join('|')
}

/** Uppercase hex SHA-256 of a text. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/** The device id, computing and storing it first when the cookie is missing. Never throws. */
export async function ensureDeviceId(): Promise<string | undefined> {
  const existing = readBrowserCookie(COOKIE.deviceId)
  if (existing && /^[0-9A-F]{8,128}$/.test(existing)) return existing
  try {
    const id = await sha256Hex(fingerprintSource())
    const secure = location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = `${COOKIE.deviceId}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
    return id
  } catch (error) {
    // crypto.subtle needs a secure context; without it the gateway gets the omit-empty marker.
    console.warn('[auth] device id unavailable', error)
    return undefined
  }
}
