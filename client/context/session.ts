/** The browser's view of the session, from the non-HttpOnly cookies the server sets. */
import { COOKIE, STORAGE } from '#shared/cookies.ts'
import { SESSION_PATH } from '#shared/auth/paths.ts'
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

/** How long the browser waits for the server's view of its session. */
const SESSION_TIMEOUT_MS = 5_000

/**
 * Re-reads the session: the `user_id` cookie is set with the tokens and cleared with them, so it
 * tells the browser whether it is signed in without exposing the tokens. Whether e-commerce is on
 * for a newly signed-in shopper is the server's decision (the id list never reaches the browser):
 * `ecomPending` is set then, and `askEcomEnabled` gets the answer.
 */
export function readClientSession(config: PublicConfig, current: ClientSession): ClientSession {
  const userId = readBrowserCookie(COOKIE.userId) || undefined
  const known = config.ecom === 'true' || userId === undefined || (userId === current.userId && !current.ecomPending)
  return {
    authorized: userId !== undefined,
    userId,
    incompleteProfile: readBrowserCookie(COOKIE.incompleteProfile) === '1',
    ecomEnabled: config.ecom === 'true' || (known && userId !== undefined && current.ecomEnabled),
    ...(known ? {} : { ecomPending: true }),
  }
}

/** Asks `GET /api/session` whether e-commerce is on for this signed-in shopper; false when it fails. */
export async function askEcomEnabled(userId: string): Promise<boolean> {
  try {
    // The session's cookies go along: our own origin, fetch's default (`same-origin`).
    const response = await fetch(SESSION_PATH, { signal: AbortSignal.timeout(SESSION_TIMEOUT_MS) })
    const answer = response.ok ? ((await response.json()) as { userId?: unknown; ecomEnabled?: unknown }) : undefined
    return answer?.userId === userId && answer.ecomEnabled === true
  } catch {
    // Offline or timed out: e-commerce stays off until the next page load decides again.
    return false
  }
}

/** Spec section 1: a shopper whose e-commerce comes from the id list (not `ecom: 'true'`) also gets `ecom: true` in local storage. */
export function rememberEcom(config: PublicConfig, session: ClientSession): void {
  if (!session.ecomEnabled || config.ecom === 'true') return
  try {
    localStorage.setItem(STORAGE.ecom, 'true')
  } catch {
    // Storage may be unavailable (private mode); the server decides anyway.
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
