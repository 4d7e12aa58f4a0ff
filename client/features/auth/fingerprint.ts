/**
 * The fraud-prevention device token of spec section 7: requested only where it is configured (the
 * client id `kfpCid` and the service URL); a failure is only logged and never blocks the login.
 */
import type { PublicConfig } from '#shared/public-config.ts'

/** Where the fingerprint service is (`FINGERPRINT_URL`), when the deployment configures one. */
export const fingerprintUrl = (config: PublicConfig): string | undefined => config.fingerprintUrl || undefined

/** Asks the service for a token; undefined when not configured or when it fails. */
export async function requestFingerprintToken(
  config: PublicConfig,
  deviceId: string | undefined,
): Promise<string | undefined> {
  const url = fingerprintUrl(config)
  if (!url || !config.kfpCid) return undefined
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cid: config.kfpCid, deviceId }),
      signal: AbortSignal.timeout(3_000),
    })
    if (!response.ok) throw new Error(`status ${response.status}`)
    const data = (await response.json()) as { token?: unknown }
    if (typeof data.token !== 'string' || !data.token) throw new Error('no token in the answer')
    return data.token
  } catch (error) {
    // Spec section 7: failure to get the token is only logged; the code request goes without it.
    console.warn('[auth] device fingerprint token unavailable', error instanceof Error ? error.message : error)
    return undefined
  }
}
