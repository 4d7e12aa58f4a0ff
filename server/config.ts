/**
 * The server's configuration: the environment parsed once by zod at start-up into a frozen object.
 * Only the entry point calls `loadConfig`; everything else receives the object.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { DEFAULT_AUD, DEFAULT_CLIENT_NAME, DEFAULT_KFP_CID } from '#shared/constants.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import packageJson from '../package.json' with { type: 'json' }

/** SmartCaptcha's widget script (spec section 5); the mock gateway serves an offline stand-in. */
export const DEFAULT_CAPTCHA_SCRIPT_URL = 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload'

const port = z.coerce.number().int().min(0).max(65535)
/**
 * Variables of the caches the query store replaced (decision 025), still read so that a recipe written
 * for them (the peer bench's README sets `CACHE_MAX_ENTRIES=0`) measures what it meant: `0` for either
 * entry count turns the query store off (as `QUERY_STORE_MAX_MB=0`), `CACHE_TTL_S` is the store's TTL.
 * Another count is ignored: the store is bound in bytes. The new names win when both are set.
 */
function withRetiredAliases(env: Record<string, string>): Record<string, string> {
  const aliased = { ...env }
  const off = ['CACHE_MAX_ENTRIES', 'ANSWER_MEMO_MAX_ENTRIES'].some((name) => env[name]?.trim() === '0')
  if (off) aliased.QUERY_STORE_MAX_MB ??= '0'
  if (env.CACHE_TTL_S !== undefined) aliased.QUERY_STORE_TTL_S ??= env.CACHE_TTL_S
  delete aliased.CACHE_MAX_ENTRIES
  delete aliased.ANSWER_MEMO_MAX_ENTRIES
  delete aliased.CACHE_TTL_S
  return aliased
}

const seconds = z.coerce.number().positive()
const flag = z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((v) => v === 'true' || v === '1' || v === 'on')
const url = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
/** Yandex's ad loader (it defines `Ya.adfoxCode`), used when `ADFOX_OWNER_ID` is set and `ADFOX_SCRIPT_URL` is not. */
export const DEFAULT_ADFOX_SCRIPT_URL = 'https://yandex.ru/ads/system/context.js'
const redisUrl = z
  .string()
  .url()
  .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')

/** One image origin of `IMAGE_ORIGINS`: `https://cdn.example`, `https://*.cdn.example`, `http://127.0.0.1:4010`. */
const IMAGE_ORIGIN = /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/
const imageOrigins = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .refine((list) => list.every((origin) => IMAGE_ORIGIN.test(origin)), {
    message: 'comma-separated http(s) origins without a path, such as https://cdn.example,https://*.img.example',
  })

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: port.default(9464),
  METRICS_HOST: z.string().min(1).optional(),
  PRODUCT: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, 'lowercase brand slug')
    .default('aurora'),
  WEB_GATEWAY_URL: url.optional(),
  ID_GATEWAY_URL: url.optional(),
  MOCK_GATEWAY_PORT: port.default(4010),
  MAIN_SITE_URL: url.default('https://aurora.example'),
  MAIN_SITE_AUD: z.string().min(1).default('main-web'),
  PUBLIC_ORIGIN: url.optional(),
  ANALYTICS_COUNTER_ID: z
    .string()
    .regex(/^\w{1,40}$/)
    .optional(),
  ANALYTICS_URL: url.optional(),
  /** Share of page views whose field Web Vitals the browser reports to `POST /api/vitals` (0 turns it off). */
  WEB_VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  ECOM: z.enum(['true', 'false']).default('false'),
  ECOM_USER_IDS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ANTIFRAUD: z.enum(['on', 'off']).optional(),
  ERROR_REPORT_URL: url.optional(),
  IMAGE_ORIGINS: imageOrigins,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  OTP_IP_LIMIT: z.coerce.number().int().positive().default(10),
  OTP_PHONE_LIMIT: z.coerce.number().int().positive().default(5),
  OTP_PHONE_COOLDOWN_S: seconds.default(60),
  SIGN_OUT_LIMIT: z.coerce.number().int().positive().default(30),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  YANDEX_CAPTCHA_KEY: z.string().optional(),
  CAPTCHA_SCRIPT_URL: url.default(DEFAULT_CAPTCHA_SCRIPT_URL),
  KFP_CID: z.string().default(DEFAULT_KFP_CID),
  FINGERPRINT_URL: url.optional(),
  ADFOX_OWNER_ID: z.string().optional(),
  ADFOX_SCRIPT_URL: url.optional(),
  COOKIE_DOMAIN: z.string().optional(),
  WEEK_PRODUCTS_CATEGORY: z.coerce.number().int().positive().optional(),
  STORE_DEFAULT_VALUE: z.string().optional(),
  FAVORITES_AVAILABLE: flag.default(true),
  CLIENT_NAME: z.string().default(DEFAULT_CLIENT_NAME),
  AUD: z.string().default(DEFAULT_AUD),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'a tile URL template with {z}, {x} and {y}')
    .optional(),
  PROFILE_LOAD_DELAY_MS: z.coerce.number().int().min(0).default(50),
  UPSTREAM_CONNECT_TIMEOUT_S: seconds.default(2),
  UPSTREAM_HEADERS_TIMEOUT_S: seconds.default(5),
  UPSTREAM_BODY_TIMEOUT_S: seconds.default(10),
  PAGE_DATA_BUDGET_S: seconds.default(5),
  REQUEST_TIMEOUT_S: seconds.default(30),
  HEADERS_TIMEOUT_S: seconds.default(20),
  CONNECTION_TIMEOUT_S: seconds.default(60),
  KEEP_ALIVE_TIMEOUT_S: seconds.default(72),
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).default(5),
  SHUTDOWN_TIMEOUT_S: seconds.default(10),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  QUERY_STORE_TTL_S: seconds.default(30),
  QUERY_STORE_MAX_MB: z.coerce.number().min(0).max(4096).default(32),
  PAGE_CACHE_TTL_S: seconds.default(10),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(500),
  CACHES: z.enum(['on', 'off']).default('on'),
  FRAGMENTS: z.enum(['on', 'off']).default('on'),
  DEPLOYMENT: z.string().default('production'),
  PLATFORM_VERSION: z
    .string()
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/, 'a version such as 1.4.0')
    .default(packageJson.version),
  DIST_DIR: z.string().optional(),
  REDIS_URL: redisUrl.optional(),
  REDIS_TIMEOUT_S: seconds.default(0.5),
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('aurora-storefront'),
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .optional()
    .transform((v, context) => {
      const attributes = parseResourceAttributes(v ?? '')
      if (!attributes)
        context.addIssue({ code: 'custom', message: 'comma-separated key=value pairs (values percent-encoded)' })
      return attributes ?? {}
    }),
})

/**
 * `OTEL_RESOURCE_ATTRIBUTES` as the OpenTelemetry SDKs read it: `key1=value1,key2=value2`, values
 * percent-encoded; undefined when a pair is malformed.
 */
export function parseResourceAttributes(text: string): Record<string, string> | undefined {
  const attributes: Record<string, string> = {}
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue
    const at = pair.indexOf('=')
    const key = pair.slice(0, at).trim()
    if (at < 1 || !/^[\x21-\x7e]+$/.test(key)) return undefined
    try {
      attributes[key] = decodeURIComponent(pair.slice(at + 1).trim())
    } catch {
      return undefined
    }
  }
  return attributes
}

export type Env = z.input<typeof EnvSchema>

/** The validated, frozen server configuration. */
export interface Config {
  readonly env: 'production' | 'development' | 'test'
  readonly port: number
  readonly host: string
  readonly metricsPort: number
  readonly metricsHost: string
  readonly product: string
  readonly webGatewayUrl: string
  readonly idGatewayUrl: string
  /** True when no gateway URL was configured: `npm start` runs the mock gateway. */
  readonly usesMockGateway: boolean
  readonly mockGatewayPort: number
  readonly mainSiteUrl: string
  /** Canonical URLs, Open Graph and the sitemap: configuration, never the request's Host. */
  readonly publicOrigin: string
  /** Audience of the cross token that opens the main site's profile signed in. */
  readonly mainSiteAud: string
  readonly analyticsCounterId: string | undefined
  readonly analyticsUrl: string | undefined
  readonly ecom: boolean
  /** Server-side only: the browser learns `ecomEnabled` for its own session, never the list. */
  readonly ecomUserIds: readonly string[]
  readonly antifraud: boolean
  readonly errorReportUrl: string | undefined
  /** Origins of images the gateways' answers point at (a CDN), beside the gateways' own: the CSP's img-src. */
  readonly imageOrigins: readonly string[]
  /** The web platform's release version, sent as `x-platform-version` (the build id is the app version). */
  readonly platformVersion: string
  readonly logLevel: string
  readonly trustProxy: string | undefined
  readonly otpIpLimit: number
  /** SMS code requests per phone per hour, counted by the server whatever the gateway counts. */
  readonly otpPhoneLimit: number
  /** Past the per-phone limit, one code per this long (decision 026). */
  readonly otpPhoneCooldownMs: number
  /** Sign-outs per client address per minute and process. */
  readonly signOutLimit: number
  /**
   * Key of the signed session cookie (who signed in, for per-user flags). Required in production
   * (`SESSION_SECRET`); elsewhere unset gives a random key per process, which only one replica can read.
   */
  readonly sessionSecret: string
  /** Whether the session cookies are `Secure` and named `__Host-…`: `PUBLIC_ORIGIN` is https. */
  readonly secureCookies: boolean
  readonly profileLoadDelayMs: number
  readonly timeouts: {
    readonly upstreamConnectMs: number
    readonly upstreamHeadersMs: number
    readonly upstreamBodyMs: number
    readonly pageDataBudgetMs: number
    readonly requestMs: number
    readonly headersMs: number
    readonly connectionMs: number
    readonly keepAliveMs: number
    /** After SIGTERM the listener keeps accepting this long, answering with `Connection: close`. */
    readonly shutdownGraceMs: number
    /** The process exits at the latest this long after SIGTERM, cutting what is still open. */
    readonly shutdownTimeoutMs: number
  }
  /** React renders running at once; the rest wait in arrival order. */
  readonly renderConcurrency: number
  /** Anonymous query data shared by every request (decision 025): fresh `ttlMs`, then stale `staleMs`; 0 bytes turns it off. */
  readonly queryStore: { readonly ttlMs: number; readonly staleMs: number; readonly maxBytes: number }
  /** Rendered anonymous pages: fresh for `ttlMs`, then stale (one request re-renders) for `staleMs`; 0 entries turns it off. */
  readonly pageCache: { readonly ttlMs: number; readonly staleMs: number; readonly maxEntries: number }
  /** Kept HTML fragments of shared data (decision 019); off with the query store, or with `FRAGMENTS=off`. */
  readonly fragments: boolean
  readonly distDir: string | undefined
  /** Shared state of the replicas (DESIGN.md section 6); unset: everything stays in process. */
  readonly redis: { readonly url: string; readonly timeoutMs: number; readonly keyPrefix: string } | undefined
  /** The service's name on every log line and span (`OTEL_SERVICE_NAME`). */
  readonly serviceName: string
  /** Span export over OTLP/HTTP (`OTEL_EXPORTER_OTLP_ENDPOINT`); unset: trace context only, no SDK loaded. */
  readonly otlp:
    | {
        readonly endpoint: string
        readonly serviceName: string
        /** `OTEL_RESOURCE_ATTRIBUTES`: the pod's identity (deploy/deployment.yaml) on every span. */
        readonly resourceAttributes: Readonly<Record<string, string>>
      }
    | undefined
  /** The subset the browser receives (spec section 3), minus `version`, which the build provides. */
  readonly publicConfig: Omit<PublicConfig, 'version'>
}

/**
 * E-commerce for a visitor (spec section 1): on for everyone (`ECOM=true`) or for the listed user ids.
 * Decided on the server only; the browser learns the result for its own session, never the list.
 */
export const ecomEnabledFor = (config: Pick<Config, 'ecom' | 'ecomUserIds'>, userId: string | undefined): boolean =>
  config.ecom || (userId !== undefined && config.ecomUserIds.includes(userId))

/** Thrown for an invalid environment; its message is the one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** DESIGN.md section 2: `PUBLIC_ORIGIN` defaults to `http://{HOST}:{PORT}` (an IPv6 host in brackets). */
const defaultOrigin = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = withRetiredAliases(
    Object.fromEntries(
      Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
    ),
  )
  const parsed = EnvSchema.safeParse(cleaned)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0] ?? 'environment')
    // A URL's credentials (a REDIS_URL password) never reach a log line.
    const shown = (cleaned[name] ?? '').replace(/\/\/[^/@\s]*@/, '//***@')
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(shown)}: ${issue.message}`)
  }
  const e = parsed.data
  if (e.SHUTDOWN_GRACE_S >= e.SHUTDOWN_TIMEOUT_S) {
    throw new ConfigError(
      `Invalid configuration: SHUTDOWN_GRACE_S=${JSON.stringify(cleaned.SHUTDOWN_GRACE_S ?? String(e.SHUTDOWN_GRACE_S))}: must be shorter than SHUTDOWN_TIMEOUT_S (${e.SHUTDOWN_TIMEOUT_S})`,
    )
  }
  // Replicas sharing Redis must share the key of the session proof, or a sign-out on one replica could
  // not prove a session signed in on another and its tokens would not be revoked (decision 026).
  if (e.REDIS_URL && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required with REDIS_URL (every replica must sign sessions with the same key); set it to the same random value of at least 32 characters on every replica',
    )
  }
  const usesMockGateway = !e.WEB_GATEWAY_URL && !e.ID_GATEWAY_URL
  const mockBase = `http://127.0.0.1:${e.MOCK_GATEWAY_PORT}`
  const webGatewayUrl = (e.WEB_GATEWAY_URL ?? `${mockBase}/webgate`).replace(/\/$/, '')
  const idGatewayUrl = (e.ID_GATEWAY_URL ?? `${mockBase}/${e.PRODUCT}-id`).replace(/\/$/, '')
  const antifraud = e.ANTIFRAUD ? e.ANTIFRAUD === 'on' : !usesMockGateway
  // Spec section 5: under anti-fraud every code request needs a captcha token, which needs the widget's key.
  if (antifraud && !e.YANDEX_CAPTCHA_KEY) {
    throw new ConfigError(
      `Invalid configuration: YANDEX_CAPTCHA_KEY is required while ANTIFRAUD is on (${e.ANTIFRAUD ? 'ANTIFRAUD=on' : 'the default with a real gateway'}); set YANDEX_CAPTCHA_KEY or ANTIFRAUD=off`,
    )
  }
  // Production (NODE_ENV=production, the default, with a real gateway or an https PUBLIC_ORIGIN: a
  // deployment, not `npm start` on the mock) never signs session cookies with a per-process random key:
  // replicas could not read each other's, and every restart would drop who signed in.
  const deployed = !usesMockGateway || (e.PUBLIC_ORIGIN ?? '').startsWith('https://')
  if (e.NODE_ENV === 'production' && deployed && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required in production (NODE_ENV=production with a real gateway or an https PUBLIC_ORIGIN): set the same 32+ random characters on every replica (openssl rand -hex 32), or NODE_ENV=development for a local run',
    )
  }
  // With the built-in mock, the map and the ad network come from its offline stand-ins.
  const mapTileUrl = e.MAP_TILE_URL ?? (usesMockGateway ? `${mockBase}/__tiles/{z}/{x}/{y}.svg` : undefined)
  const adfoxScriptUrl = e.ADFOX_OWNER_ID
    ? (e.ADFOX_SCRIPT_URL ?? (usesMockGateway ? `${mockBase}/__adfox/loader.js` : DEFAULT_ADFOX_SCRIPT_URL))
    : undefined
  const ms = (s: number) => Math.round(s * 1000)
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? e.HOST,
    product: e.PRODUCT,
    webGatewayUrl,
    idGatewayUrl,
    usesMockGateway,
    mockGatewayPort: e.MOCK_GATEWAY_PORT,
    mainSiteUrl: e.MAIN_SITE_URL.replace(/\/$/, ''),
    mainSiteAud: e.MAIN_SITE_AUD,
    publicOrigin: e.PUBLIC_ORIGIN ? e.PUBLIC_ORIGIN.replace(/\/$/, '') : defaultOrigin(e.HOST, e.PORT),
    analyticsCounterId: e.ANALYTICS_COUNTER_ID,
    analyticsUrl: e.ANALYTICS_URL,
    ecom: e.ECOM === 'true',
    ecomUserIds: Object.freeze([...e.ECOM_USER_IDS]),
    antifraud,
    errorReportUrl: e.ERROR_REPORT_URL,
    imageOrigins: Object.freeze([...e.IMAGE_ORIGINS]),
    platformVersion: e.PLATFORM_VERSION,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    otpIpLimit: e.OTP_IP_LIMIT,
    otpPhoneLimit: e.OTP_PHONE_LIMIT,
    otpPhoneCooldownMs: ms(e.OTP_PHONE_COOLDOWN_S),
    signOutLimit: e.SIGN_OUT_LIMIT,
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    secureCookies: (e.PUBLIC_ORIGIN ?? '').startsWith('https://'),
    profileLoadDelayMs: e.PROFILE_LOAD_DELAY_MS,
    timeouts: Object.freeze({
      upstreamConnectMs: ms(e.UPSTREAM_CONNECT_TIMEOUT_S),
      upstreamHeadersMs: ms(e.UPSTREAM_HEADERS_TIMEOUT_S),
      upstreamBodyMs: ms(e.UPSTREAM_BODY_TIMEOUT_S),
      pageDataBudgetMs: ms(e.PAGE_DATA_BUDGET_S),
      requestMs: ms(e.REQUEST_TIMEOUT_S),
      headersMs: ms(e.HEADERS_TIMEOUT_S),
      connectionMs: ms(e.CONNECTION_TIMEOUT_S),
      keepAliveMs: ms(e.KEEP_ALIVE_TIMEOUT_S),
      shutdownGraceMs: ms(e.SHUTDOWN_GRACE_S),
      shutdownTimeoutMs: ms(e.SHUTDOWN_TIMEOUT_S),
    }),
    renderConcurrency: e.RENDER_CONCURRENCY,
    // CACHES=off: every cache and memo off at once (the store, the page cache, the kept fragments).
    queryStore: Object.freeze({
      ttlMs: ms(e.QUERY_STORE_TTL_S),
      staleMs: ms(e.QUERY_STORE_TTL_S * 10),
      maxBytes: e.CACHES === 'off' ? 0 : Math.round(e.QUERY_STORE_MAX_MB * 1_000_000),
    }),
    pageCache: Object.freeze({
      ttlMs: ms(e.PAGE_CACHE_TTL_S),
      staleMs: ms(e.PAGE_CACHE_TTL_S * 5),
      maxEntries: e.CACHES === 'off' ? 0 : e.PAGE_CACHE_MAX_ENTRIES,
    }),
    fragments: e.CACHES !== 'off' && e.QUERY_STORE_MAX_MB > 0 && e.FRAGMENTS === 'on',
    distDir: e.DIST_DIR,
    redis: e.REDIS_URL
      ? Object.freeze({ url: e.REDIS_URL, timeoutMs: ms(e.REDIS_TIMEOUT_S), keyPrefix: `storefront:${e.PRODUCT}:` })
      : undefined,
    serviceName: e.OTEL_SERVICE_NAME,
    otlp: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? Object.freeze({
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME,
          resourceAttributes: Object.freeze({ ...e.OTEL_RESOURCE_ATTRIBUTES }),
        })
      : undefined,
    publicConfig: Object.freeze({
      config: e.DEPLOYMENT,
      yandexCaptcha: e.YANDEX_CAPTCHA_KEY,
      captchaScriptUrl: e.CAPTCHA_SCRIPT_URL,
      kfpCid: e.KFP_CID,
      platformVersion: e.PLATFORM_VERSION,
      fingerprintUrl: e.FINGERPRINT_URL,
      debug: e.NODE_ENV !== 'production',
      adfoxOwnerId: e.ADFOX_OWNER_ID,
      adfoxScriptUrl,
      cookieDomain: e.COOKIE_DOMAIN,
      weekProductsCategory: e.WEEK_PRODUCTS_CATEGORY,
      ecom: e.ECOM,
      storeDefaultValue: e.STORE_DEFAULT_VALUE,
      favoritesAvailable: e.FAVORITES_AVAILABLE,
      clientName: e.CLIENT_NAME,
      aud: e.AUD,
      product: e.PRODUCT,
      mainSiteUrl: e.MAIN_SITE_URL.replace(/\/$/, ''),
      analyticsCounterId: e.ANALYTICS_COUNTER_ID,
      antifraud,
      mapTileUrl,
      vitalsSampleRate: e.WEB_VITALS_SAMPLE_RATE,
    }),
  })
}
