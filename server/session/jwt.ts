/** Reads the expiry of a JWT without verifying it (the gateway verifies; we only avoid a doomed call). */

/** Seconds since the epoch at which the token expires, or undefined when it cannot be read. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof data.exp === 'number' ? data.exp : undefined
  } catch {
    return undefined
  }
}

/** Whether a token is expired or expires within `skewS` seconds. */
export function isExpiring(token: string, nowMs: number, skewS = 5): boolean {
  const exp = jwtExpiry(token)
  return exp !== undefined && exp * 1000 <= nowMs + skewS * 1000
}
