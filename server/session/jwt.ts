/**
 * The claims of an access token, read without verifying it (the gateway verified it when it issued it
 * and verifies it on every call; we only avoid a doomed call and learn who signed in). A request's
 * session decodes its token once (server/session/request-session.ts) and keeps the claims.
 */

/** The claims the storefront reads: expiry (seconds since the epoch) and subject (the user id). */
export interface JwtClaims {
  exp: number | undefined
  sub: string | undefined
}

const NO_CLAIMS: JwtClaims = { exp: undefined, sub: undefined }

/** Decodes a JWT's payload; an unreadable token has no claims. */
export function decodeClaims(token: string): JwtClaims {
  const payload = token.split('.')[1]
  if (!payload) return NO_CLAIMS
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown; sub?: unknown }
    if (typeof data !== 'object' || data === null) return NO_CLAIMS
    return {
      exp: typeof data.exp === 'number' ? data.exp : undefined,
      sub: typeof data.sub === 'string' || typeof data.sub === 'number' ? String(data.sub) : undefined,
    }
  } catch {
    return NO_CLAIMS
  }
}

/** Whether claims say the token is expired or expires within `skewS` seconds. */
export function isExpiring(claims: JwtClaims, nowMs: number, skewS = 5): boolean {
  return claims.exp !== undefined && claims.exp * 1000 <= nowMs + skewS * 1000
}
