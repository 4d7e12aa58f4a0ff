/**
 * The public runtime config of spec section 3: what the browser may know. The server builds it from
 * its validated environment; the browser may override values from a locally stored JSON object.
 */
import * as z from 'zod/mini'

export const PublicConfigSchema = z.object({
  /** Deployment name (`production`, `staging`, `development`). */
  config: z.string(),
  /** SmartCaptcha site key; the widget loads only when it is set. */
  yandexCaptcha: z.optional(z.string()),
  /** The captcha widget's script (SmartCaptcha's, or the mock gateway's offline stand-in). */
  captchaScriptUrl: z.optional(z.string()),
  /** Device-fingerprint client id. */
  kfpCid: z.string(),
  /** The device-fingerprint service that issues the token of the code request; unset: no token. */
  fingerprintUrl: z.optional(z.string()),
  /** Running build id (the client version of spec section 7). */
  version: z.string(),
  /** The web platform's release version (spec section 9's platform version), not the build id. */
  platformVersion: z.string(),
  debug: z.boolean(),
  /** Advertising owner id; ad slots render only when it is set. */
  adfoxOwnerId: z.optional(z.string()),
  /** The ad network's loader script (set only with `adfoxOwnerId`; the CSP allows its origin then only). */
  adfoxScriptUrl: z.optional(z.string()),
  cookieDomain: z.optional(z.string()),
  /** Category shown as the week's products on the home page. */
  weekProductsCategory: z.optional(z.number()),
  /** 'true' turns e-commerce on for everyone. */
  ecom: z.enum(['true', 'false']),
  /** Store preselected before the shopper chooses one. */
  storeDefaultValue: z.optional(z.string()),
  favoritesAvailable: z.boolean(),
  clientName: z.string(),
  /** Audience of the id gateway. */
  aud: z.string(),
  /** Brand slug: `/{product}-id`, `{product}IDCode`. */
  product: z.string(),
  mainSiteUrl: z.string(),
  /** Analytics is off when unset. */
  analyticsCounterId: z.optional(z.string()),
  /** Captcha token required to request a code. */
  antifraud: z.boolean(),
  /** `{z}/{x}/{y}` tile URL template of the store map (the mock's offline tiles by default with the mock); unset: markers on a plain background. */
  mapTileUrl: z.optional(z.string()),
  /** Share of page views (0–1) that report their field Web Vitals to `POST /api/vitals` (decision 032). */
  vitalsSampleRate: z.number(),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>
