/**
 * Browser-side helper of the public runtime config that must stay light (no schema library in the
 * first load): the local-storage override. (The e-commerce rule is the server's: `ecomEnabledFor`.)
 */
import type { PublicConfig } from './public-config.ts'

/**
 * Merges a locally stored JSON override into the config (spec section 3). Only known keys are taken,
 * each with the type of the value it replaces (an optional one may be a string, a number or absent);
 * anything else, or JSON that does not parse, leaves the config as it was.
 */
export function applyConfigOverride(config: PublicConfig, overrideJson: string | null | undefined): PublicConfig {
  if (!overrideJson) return config
  let override: unknown
  try {
    override = JSON.parse(overrideJson)
  } catch {
    return config
  }
  if (!override || typeof override !== 'object' || Array.isArray(override)) return config
  const merged: Record<string, unknown> = { ...config }
  for (const [key, value] of Object.entries(override as Record<string, unknown>)) {
    if (!OVERRIDABLE.has(key)) return config
    const current = (config as unknown as Record<string, unknown>)[key]
    const type = EXPECTED[key]
    const ok = value === undefined || typeof value === type
    if (!ok || (current !== undefined && typeof current !== typeof value)) return config
    if (key === 'ecom' && value !== 'true' && value !== 'false') return config
    merged[key] = value
  }
  return merged as unknown as PublicConfig
}

/** The type of each overridable public key. */
const EXPECTED: Record<string, 'string' | 'boolean' | 'number'> = {
  config: 'string',
  yandexCaptcha: 'string',
  kfpCid: 'string',
  version: 'string',
  debug: 'boolean',
  adfoxOwnerId: 'string',
  cookieDomain: 'string',
  weekProductsCategory: 'number',
  ecom: 'string',
  storeDefaultValue: 'string',
  favoritesAvailable: 'boolean',
  clientName: 'string',
  aud: 'string',
  product: 'string',
  mainSiteUrl: 'string',
  analyticsCounterId: 'string',
  antifraud: 'boolean',
  mapTileUrl: 'string',
  vitalsSampleRate: 'number',
}
const OVERRIDABLE = new Set(Object.keys(EXPECTED))
