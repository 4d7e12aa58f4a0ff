import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

/** A session key as a deployment sets it (32+ characters). */
const SECRET = 'a-session-secret-of-32-characters-or-more'

const configError = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('loadConfig accepted a bad environment')
}

describe('loadConfig', () => {
  it("points the map at the mock's tiles and the ad loader at its stand-in only with the built-in mock and an owner id", () => {
    expect(loadConfig({ MOCK_GATEWAY_PORT: '5010' }).publicConfig).toMatchObject({
      mapTileUrl: 'http://127.0.0.1:5010/__tiles/{z}/{x}/{y}.svg',
      adfoxScriptUrl: undefined,
    })
    expect(loadConfig({ MOCK_GATEWAY_PORT: '5010', ADFOX_OWNER_ID: '42' }).publicConfig.adfoxScriptUrl).toBe(
      'http://127.0.0.1:5010/__adfox/loader.js',
    )
    const real = loadConfig({
      SESSION_SECRET: SECRET,
      WEB_GATEWAY_URL: 'https://gw.example/webgate',
      ID_GATEWAY_URL: 'https://gw.example/aurora-id',
      ADFOX_OWNER_ID: '42',
      ANTIFRAUD: 'off',
    }).publicConfig
    expect(real.mapTileUrl).toBeUndefined()
    expect(real.adfoxScriptUrl).toBe('https://yandex.ru/ads/system/context.js')
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL/)
  })

  it('applies the defaults of DESIGN.md section 2', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      metricsPort: 9464,
      product: 'aurora',
      mainSiteUrl: 'https://aurora.example',
      publicOrigin: 'http://127.0.0.1:3000',
      analyticsCounterId: undefined,
      ecom: false,
      ecomUserIds: [],
      logLevel: 'info',
      trustProxy: undefined,
      otpIpLimit: 10,
    })
    expect(config.timeouts).toMatchObject({
      upstreamConnectMs: 2_000,
      upstreamHeadersMs: 5_000,
      upstreamBodyMs: 10_000,
      pageDataBudgetMs: 5_000,
      requestMs: 30_000,
      headersMs: 20_000,
      connectionMs: 60_000,
      keepAliveMs: 72_000,
      shutdownGraceMs: 5_000,
      shutdownTimeoutMs: 10_000,
    })
  })

  it('derives the mock gateway URLs when no gateway URL is set', () => {
    const config = loadConfig({})
    expect(config.usesMockGateway).toBe(true)
    expect(config.webGatewayUrl).toBe('http://127.0.0.1:4010/webgate')
    expect(config.idGatewayUrl).toBe('http://127.0.0.1:4010/aurora-id')
    expect(config.antifraud).toBe(false)
  })

  it('derives them from MOCK_GATEWAY_PORT and PRODUCT', () => {
    const config = loadConfig({ MOCK_GATEWAY_PORT: '5010', PRODUCT: 'lumen' })
    expect(config.webGatewayUrl).toBe('http://127.0.0.1:5010/webgate')
    expect(config.idGatewayUrl).toBe('http://127.0.0.1:5010/lumen-id')
  })

  it('uses the configured gateways without a trailing slash and turns anti-fraud on', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      WEB_GATEWAY_URL: 'https://gw.example/webgate/',
      ID_GATEWAY_URL: 'https://gw.example/aurora-id',
      YANDEX_CAPTCHA_KEY: 'site-key',
    })
    expect(config).toMatchObject({
      usesMockGateway: false,
      webGatewayUrl: 'https://gw.example/webgate',
      idGatewayUrl: 'https://gw.example/aurora-id',
      antifraud: true,
    })
    expect(config.publicConfig).toMatchObject({
      yandexCaptcha: 'site-key',
      captchaScriptUrl: 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload',
    })
  })

  it.each([
    [{ WEB_GATEWAY_URL: 'https://gw.example/webgate' }, 'the default with a real gateway'],
    [{ ANTIFRAUD: 'on' }, 'ANTIFRAUD=on'],
  ])('refuses anti-fraud without YANDEX_CAPTCHA_KEY in one line naming both variables (%j)', (env, why) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(
      `Invalid configuration: YANDEX_CAPTCHA_KEY is required while ANTIFRAUD is on (${why}); set YANDEX_CAPTCHA_KEY or ANTIFRAUD=off`,
    )
  })

  it.each([
    [{ WEB_GATEWAY_URL: 'https://gw.example/webgate' }],
    [{ ID_GATEWAY_URL: 'https://gw.example/aurora-id', NODE_ENV: 'production' }],
    [{ PUBLIC_ORIGIN: 'https://shop.example' }],
  ])('refuses production without SESSION_SECRET: a real gateway or an https origin (%j)', (env) => {
    expect(configError({ ...env, ANTIFRAUD: 'off' }).message).toBe(
      'Invalid configuration: SESSION_SECRET is required in production (NODE_ENV=production with a real gateway or an https PUBLIC_ORIGIN): set the same 32+ random characters on every replica (openssl rand -hex 32), or NODE_ENV=development for a local run',
    )
    expect(loadConfig({ ...env, ANTIFRAUD: 'off', SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET)
    // Outside production (a developer against a staging gateway) a per-process key still does.
    expect(loadConfig({ ...env, ANTIFRAUD: 'off', NODE_ENV: 'development' }).sessionSecret).toMatch(/^[0-9a-f]{64}$/)
  })

  it('runs npm start on the mock in production mode with a per-process session key', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sessionSecret).toMatch(/^[0-9a-f]{64}$/)
  })

  it('starts a real gateway without a captcha key when anti-fraud is turned off', () => {
    expect(
      loadConfig({ WEB_GATEWAY_URL: 'https://gw.example/webgate', ANTIFRAUD: 'off', SESSION_SECRET: SECRET }).antifraud,
    ).toBe(false)
  })

  it('passes the captcha script and fingerprint service URLs to the browser', () => {
    const config = loadConfig({
      ANTIFRAUD: 'on',
      YANDEX_CAPTCHA_KEY: 'k',
      CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:4010/captcha/captcha.js',
      FINGERPRINT_URL: 'http://127.0.0.1:4010/kfp/token',
    })
    expect(config.publicConfig).toMatchObject({
      captchaScriptUrl: 'http://127.0.0.1:4010/captcha/captcha.js',
      fingerprintUrl: 'http://127.0.0.1:4010/kfp/token',
    })
    expect(() => loadConfig({ FINGERPRINT_URL: 'ftp://x' })).toThrow(/FINGERPRINT_URL/)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MAIN_SITE_URL: '' })).toMatchObject({
      port: 3000,
      mainSiteUrl: 'https://aurora.example',
    })
  })

  it('parses lists and flags', () => {
    expect(loadConfig({ ECOM: 'true', ECOM_USER_IDS: ' 1, 2 ,,3' })).toMatchObject({
      ecom: true,
      ecomUserIds: ['1', '2', '3'],
    })
  })

  it('takes the public origin from HOST and PORT unless PUBLIC_ORIGIN is set', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicOrigin).toBe('http://0.0.0.0:8080')
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicOrigin).toBe('http://[::1]:8080')
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://shop.example/', PORT: '8080', SESSION_SECRET: SECRET }).publicOrigin,
    ).toBe('https://shop.example')
  })

  it('keeps the e-commerce id list out of the public config', () => {
    const config = loadConfig({ ECOM_USER_IDS: '100001,100002' })
    expect(config.ecomUserIds).toEqual(['100001', '100002'])
    expect(JSON.stringify(config.publicConfig)).not.toContain('100001')
    expect(config.publicConfig).not.toHaveProperty('ecomUserIds')
  })

  it('stops when the drain grace period is not shorter than the shutdown deadline', () => {
    const error = configError({ SHUTDOWN_GRACE_S: '10', SHUTDOWN_TIMEOUT_S: '10' })
    expect(error.message).toMatch(/^Invalid configuration: SHUTDOWN_GRACE_S=/)
    expect(loadConfig({ SHUTDOWN_GRACE_S: '0', SHUTDOWN_TIMEOUT_S: '3' }).timeouts).toMatchObject({
      shutdownGraceMs: 0,
      shutdownTimeoutMs: 3_000,
    })
  })

  it('keeps shared state in process without REDIS_URL, and in Redis with it', () => {
    expect(loadConfig({}).redis).toBeUndefined()
    const SESSION_SECRET = 'k'.repeat(32)
    expect(loadConfig({ REDIS_URL: 'redis://redis:6379/0', PRODUCT: 'lumen', SESSION_SECRET }).redis).toEqual({
      url: 'redis://redis:6379/0',
      timeoutMs: 500,
      keyPrefix: 'storefront:lumen:',
    })
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.example:6380', REDIS_TIMEOUT_S: '0.2', SESSION_SECRET }).redis?.timeoutMs,
    ).toBe(200)
  })

  it('refuses REDIS_URL without SESSION_SECRET: replicas must share the key of the session proof', () => {
    expect(configError({ REDIS_URL: 'redis://redis:6379/0' }).message).toMatch(
      /^Invalid configuration: SESSION_SECRET is required with REDIS_URL/,
    )
  })

  it('never prints the credentials of a bad URL', () => {
    const message = configError({ REDIS_URL: 'http://:s3cret@redis:6379' }).message
    expect(message).toContain('REDIS_URL')
    expect(message).not.toContain('s3cret')
  })

  it('reads the page cache settings: entries, TTL and a stale window of five TTLs; 0 entries is off', () => {
    expect(loadConfig({}).pageCache).toEqual({ ttlMs: 10_000, staleMs: 50_000, maxEntries: 500 })
    expect(loadConfig({ PAGE_CACHE_MAX_ENTRIES: '0', PAGE_CACHE_TTL_S: '2' }).pageCache).toEqual({
      ttlMs: 2_000,
      staleMs: 10_000,
      maxEntries: 0,
    })
  })

  it('reads the query store settings: a bound in MB, a TTL and a stale window of ten TTLs; 0 MB is off', () => {
    expect(loadConfig({}).queryStore).toEqual({ ttlMs: 30_000, staleMs: 300_000, maxBytes: 32_000_000 })
    expect(loadConfig({ QUERY_STORE_MAX_MB: '0', QUERY_STORE_TTL_S: '5' }).queryStore).toEqual({
      ttlMs: 5_000,
      staleMs: 50_000,
      maxBytes: 0,
    })
    expect(loadConfig({ QUERY_STORE_MAX_MB: '0' }).fragments).toBe(false)
    expect(loadConfig({ FRAGMENTS: 'off' }).fragments).toBe(false)
  })

  it('turns every cache and memo off with CACHES=off: the query store, the page cache, the kept fragments', () => {
    const config = loadConfig({ CACHES: 'off' })
    expect(config.queryStore.maxBytes).toBe(0)
    expect(config.pageCache.maxEntries).toBe(0)
    expect(config.fragments).toBe(false)
    expect(loadConfig({}).fragments).toBe(true)
  })

  it.each(['CACHE_MAX_ENTRIES', 'ANSWER_MEMO_MAX_ENTRIES'])(
    'reads the retired %s=0 as the query store off, as the recipes written for it mean',
    (name) => {
      expect(loadConfig({ [name]: '0' }).queryStore.maxBytes).toBe(0)
      expect(loadConfig({ [name]: '2000' }).queryStore.maxBytes).toBe(loadConfig({}).queryStore.maxBytes)
      expect(loadConfig({ [name]: '0', QUERY_STORE_MAX_MB: '8' }).queryStore.maxBytes).toBe(8_000_000)
    },
  )

  it('reads the retired CACHE_TTL_S as the query store TTL', () => {
    expect(loadConfig({ CACHE_TTL_S: '5' }).queryStore.ttlMs).toBe(5_000)
  })

  it("takes the platform version from PLATFORM_VERSION, else package.json's version", () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(loadConfig({}).platformVersion).toBe(version)
    expect(loadConfig({}).publicConfig.platformVersion).toBe(version)
    expect(loadConfig({ PLATFORM_VERSION: '3.1.0-rc.1' }).platformVersion).toBe('3.1.0-rc.1')
  })

  it('reads IMAGE_ORIGINS as a list of origins for the CSP', () => {
    expect(loadConfig({}).imageOrigins).toEqual([])
    expect(loadConfig({ IMAGE_ORIGINS: ' https://CDN.example/, https://*.img.example:8443 ' }).imageOrigins).toEqual([
      'https://cdn.example',
      'https://*.img.example:8443',
    ])
  })

  it('returns a frozen object', () => {
    const config = loadConfig({})
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.timeouts)).toBe(true)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['METRICS_PORT', '-1'],
    ['MAIN_SITE_URL', 'ftp://x'],
    ['MAIN_SITE_URL', 'not a url'],
    ['WEB_GATEWAY_URL', 'javascript:alert(1)'],
    ['PRODUCT', 'Aurora!'],
    ['LOG_LEVEL', 'loud'],
    ['ECOM', 'yes'],
    ['OTP_IP_LIMIT', '0'],
    ['REQUEST_TIMEOUT_S', '-5'],
    ['REDIS_URL', 'http://redis:6379'],
    ['REDIS_TIMEOUT_S', '0'],
    ['PAGE_CACHE_MAX_ENTRIES', '-1'],
    ['PAGE_CACHE_TTL_S', '0'],
    ['PLATFORM_VERSION', '1.0 beta'],
    ['IMAGE_ORIGINS', 'https:'],
    ['IMAGE_ORIGINS', '*'],
    ['IMAGE_ORIGINS', 'https://cdn.example/images'],
    ['IMAGE_ORIGINS', 'cdn.example'],
    ['IMAGE_ORIGINS', "https://cdn.example 'unsafe-inline'"],
    ['IMAGE_ORIGINS', 'https://cdn.example;script-src *'],
    ['PLATFORM_VERSION', '1.0\r\nx-evil: 1'],
  ])('stops on %s=%s with one line naming the variable', (name, value) => {
    const error = configError({ [name]: value })
    expect(error.message).toContain(name)
    expect(error.message).not.toMatch(/\n/)
  })

  it('names the first bad variable when several are bad', () => {
    expect(configError({ PORT: 'abc', LOG_LEVEL: 'loud' }).message).toMatch(/^Invalid configuration: (PORT|LOG_LEVEL)=/)
  })

  it('reads OTEL_RESOURCE_ATTRIBUTES for the spans: the pod identity of the Downward API', () => {
    const config = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_RESOURCE_ATTRIBUTES: 'k8s.pod.name=storefront-7d9f-abcde, k8s.namespace.name=shop,team=web%20shop',
    })
    expect(config.otlp?.resourceAttributes).toEqual({
      'k8s.pod.name': 'storefront-7d9f-abcde',
      'k8s.namespace.name': 'shop',
      team: 'web shop',
    })
    expect(config.serviceName).toBe('aurora-storefront')
    expect(configError({ OTEL_RESOURCE_ATTRIBUTES: 'k8s.pod.name' }).message).toBe(
      'Invalid configuration: OTEL_RESOURCE_ATTRIBUTES="k8s.pod.name": comma-separated key=value pairs (values percent-encoded)',
    )
  })
})
