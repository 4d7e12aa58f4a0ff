/** The browser's view of the session, from the non-HttpOnly cookies the server sets. */
import { COOKIE, STORAGE } from '#shared/cookies.ts'
import { isEcomEnabled } from '#shared/config-override.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { ClientSession } from './app-context.tsx'

/** Reads one cookie in the browser. */
export function readBrowserCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/**
 * Re-reads the session: the `user_id` cookie is set with the tokens and cleared with them, so it
 * tells the browser whether it is signed in without exposing the tokens.
 */
export function readClientSession(config: PublicConfig, _current: ClientSession): ClientSession {
  const userId = readBrowserCookie(COOKIE.userId) || undefined
  const ecomEnabled = isEcomEnabled(config, userId)
  if (ecomEnabled && userId && config.ecom !== 'true' && config.ecomUserIds.includes(userId)) {
    // Spec section 1: a listed user also gets ecom:true in local storage.
    try {
      localStorage.setItem(STORAGE.ecom, 'true')
    } catch {
      // Storage may be unavailable (private mode); the cookie decides anyway.
    }
  }
  return {
    authorized: userId !== undefined,
    userId,
    incompleteProfile: readBrowserCookie(COOKIE.incompleteProfile) === '1',
    ecomEnabled,
  }
}

/** The locally stored JSON override of the public config (spec section 3), or null. */
export function readConfigOverride(): string | null {
  try {
    return localStorage.getItem(STORAGE.configOverride)
  } catch {
    // Storage may be unavailable (private mode); the server's config stands.
    return null
  }
}
