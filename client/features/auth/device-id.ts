/**
 * The device id of spec section 3: an uppercase hex SHA-256 of a browser fingerprint (user agent,
 * languages, screen, time zone, platform), kept in the `device_id` cookie (readable, one year) that
 * the API client sends as a header. Browser only; call it from effects and handlers.
 *
 * The time zone is its UTC offsets in January and July (its standard and summer time), not Intl's zone
 * name: the first Intl object of a page loads the locale's data, a 20 ms task on this machine's
 * Chromium (decision 032), and nothing else on the way to sign-in needs Intl.
 */
import { COOKIE } from '#shared/cookies.ts'
import { COOKIE_MAX_AGE_S } from '#shared/constants.ts'
import { readBrowserCookie } from '#client/context/session.ts'

/** The local time's UTC offsets in minutes on 1 January and 1 July of `year`: `-180/-180` in Moscow. */
const timeZoneOffsets = (year: number): string =>
  `${new Date(year, 0, 1).getTimezoneOffset()}/${new Date(year, 6, 1).getTimezoneOffset()}`

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
    timeZoneOffsets(new Date().getFullYear()),
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
