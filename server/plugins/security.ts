/**
 * Security headers of DESIGN.md section 4 on every response, and the same-origin rule for
 * state-changing calls (anything but GET/HEAD/OPTIONS).
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { errorBody } from '#shared/api/errors.ts'
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from './csp-report.ts'

/** SmartCaptcha's origin, the default captcha origin. */
export const CAPTCHA_ORIGIN = 'https://smartcaptcha.yandexcloud.net'

/**
 * The captcha's origin when the widget loads (anti-fraud on and a captcha key set): the origin of
 * `captchaScriptUrl`, so the mock gateway's offline stand-in is allowed exactly like SmartCaptcha.
 */
export function captchaOrigin(config: {
  antifraud: boolean
  yandexCaptcha?: string | undefined
  captchaScriptUrl?: string | undefined
}): string | undefined {
  if (!config.antifraud || !config.yandexCaptcha) return undefined
  return config.captchaScriptUrl ? new URL(config.captchaScriptUrl).origin : CAPTCHA_ORIGIN
}

/** The device-fingerprint service's origin, which the login dialog calls, when `FINGERPRINT_URL` is set. */
export const fingerprintOrigin = (config: { fingerprintUrl?: string | undefined }): string | undefined =>
  config.fingerprintUrl ? new URL(config.fingerprintUrl).origin : undefined

/** Origins the configuration adds to the page CSP, each only when configured. */
export interface CspOrigins {
  /** Origins images may come from besides our own (img-src): the gateways' and `IMAGE_ORIGINS`. */
  images?: readonly (string | undefined)[] | undefined
  /** Origin of `MAP_TILE_URL` (img-src). */
  tiles?: string | undefined
  /** Origin of the ad loader (script-src, connect-src, frame-src), set only with `ADFOX_OWNER_ID`. */
  ads?: string | undefined
  /** Origins the page calls (connect-src): the fingerprint service. */
  connect?: readonly (string | undefined)[] | undefined
}

/** The origin of a URL or URL template, undefined for none or a malformed one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    // A `{s}` subdomain becomes a wildcard source (`https://*.tile.example`).
    const origin = new URL(url.replace('{s}.', 'subdomain-wildcard.').replace(/\{[a-z]\}/g, '0')).origin
    return origin.replace('subdomain-wildcard.', '*.')
  } catch {
    return undefined
  }
}

/**
 * The page CSP: scripts are our own files only, plus the captcha's and the ad network's origins when
 * configured; the consent mark is a file of our origin, so no inline script is allowed. Images come
 * from an allow-list of configured origins (never any `https:` host). Violations are reported to
 * `/api/csp-report` (`report-to` for the Reporting API, `report-uri` for browsers without it).
 */
export const contentSecurityPolicy = (captcha: string | undefined, origins: CspOrigins = {}): string => {
  const list = (...items: Array<string | false | undefined>) => [...new Set(items.filter(Boolean))].join(' ')
  return [
    "default-src 'self'",
    `script-src ${list("'self'", captcha, origins.ads)}`,
    "style-src 'self'",
    // React writes `style` attributes for reserved image sizes; element styles stay 'self'.
    "style-src-attr 'unsafe-inline'",
    `img-src ${list("'self' data:", ...(origins.images ?? []), origins.tiles, origins.ads)}`,
    "font-src 'self'",
    // The service worker (/sw.js) and the web app manifest: our own files only (docs/decisions/029).
    "worker-src 'self'",
    "manifest-src 'self'",
    `connect-src ${list("'self'", captcha, origins.ads, ...(origins.connect ?? []))}`,
    `frame-src ${list("'self'", captcha, origins.ads)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ')
}

/** Whether a state-changing request comes from our own pages (DESIGN.md "Sessions"). */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'same-origin' || site === 'none') return true
  const origin = request.headers.origin
  if (!origin || origin === 'null') return false
  try {
    return new URL(origin).host === request.host
  } catch {
    return false
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** `Reporting-Endpoints` of every page: where `report-to csp-endpoint` sends violations. */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`

/**
 * The image origins of the CSP: the gateways' (their answers may point at images they serve) and
 * `IMAGE_ORIGINS` (a CDN). Relative image URLs, as the mock gateway's, are ours ('self', through the proxy).
 */
export const imageOrigins = (config: {
  webGatewayUrl: string
  idGatewayUrl: string
  imageOrigins: readonly string[]
}): string[] =>
  [originOf(config.webGatewayUrl), originOf(config.idGatewayUrl), ...config.imageOrigins].filter(
    (origin): origin is string => origin !== undefined,
  )

/** Adds the headers and refuses cross-site state changes with 403. */
export const securityPlugin = fp(
  async (app) => {
    const publicConfig = app.config.publicConfig
    const csp = contentSecurityPolicy(captchaOrigin(publicConfig), {
      images: imageOrigins(app.config),
      tiles: originOf(publicConfig.mapTileUrl),
      ads: publicConfig.adfoxOwnerId ? originOf(publicConfig.adfoxScriptUrl) : undefined,
      connect: [fingerprintOrigin(publicConfig)],
    })
    // Callback hooks, not async ones: they run on every answer and have nothing to wait for, and a
    // synchronous onSend lets the answer leave within `reply.send()` (no promise per hook and request).
    app.addHook('onRequest', (request, reply, done) => {
      // Browsers send violation reports on their own, with or without an Origin; a report changes no state.
      if (SAFE_METHODS.has(request.method) || isSameOrigin(request) || request.routeOptions.url === CSP_REPORT_PATH)
        return done()
      request.log.warn(
        { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      )
      void reply.code(403).header('cache-control', 'no-store').send(errorBody('forbidden'))
    })
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-content-type-options', 'nosniff')
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
      const type = String(reply.getHeader('content-type') ?? '')
      if (type.startsWith('text/html')) {
        reply.header('content-security-policy', csp)
        reply.header('reporting-endpoints', REPORTING_ENDPOINTS)
        reply.header('referrer-policy', 'strict-origin-when-cross-origin')
        reply.header('cross-origin-opener-policy', 'same-origin')
        reply.header('x-frame-options', 'DENY')
      }
      // A response that sets a cookie is never publicly cacheable (DESIGN.md section 6).
      if (reply.hasHeader('set-cookie') && /public|s-maxage/.test(String(reply.getHeader('cache-control') ?? ''))) {
        reply.header('cache-control', 'private, no-store')
      }
      done(null, payload)
    })
  },
  { name: 'security', dependencies: ['context'] },
)
