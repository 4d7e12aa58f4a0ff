/** The path where the login began, so a newly registered shopper returns there (session storage). */

/** Session-storage key of the path where the login began (the shopper returns there after registration). */
const LOGIN_ORIGIN_KEY = 'auth.loginOrigin'

/** Remembers the current path (not the auth pages themselves). */
export function rememberLoginOrigin(): void {
  try {
    const path = location.pathname + location.search
    if (!path.startsWith('/registration') && !path.startsWith('/profile'))
      sessionStorage.setItem(LOGIN_ORIGIN_KEY, path)
  } catch {
    // Storage unavailable: the shopper lands on the home page.
  }
}

/** The remembered path (a same-site path only), or `/`; forgets it. */
export function takeLoginOrigin(): string {
  try {
    const path = sessionStorage.getItem(LOGIN_ORIGIN_KEY)
    sessionStorage.removeItem(LOGIN_ORIGIN_KEY)
    return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/'
  } catch {
    return '/'
  }
}
