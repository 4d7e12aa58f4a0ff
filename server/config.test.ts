import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

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
  it('points the map at the mock\'s tiles and the ad loader at its stand-in only with the built-in mock and an owner id', () => {
    expect(loadConfig({ MOCK_GATEWAY_PORT: '5010' }).publicConfig).toMatchObject({ mapTileUrl: 'http://127.0.0.1:5010/__tiles/{z}/{x}/{y}.svg', adfoxScriptUrl: undefined })
    expect(loadConfig({ MOCK_GATEWAY_PORT: '5010', ADFOX_OWNER_ID: '42' }).publicConfig.adfoxScriptUrl).toBe('http://127.0.0.1:5010/__adfox/loader.js')
    const real = loadConfig({ WEB_GATEWAY_URL: 'https://gw.example/webgate', ID_GATEWAY_URL: 'https://gw.example/aurora-id', ADFOX_OWNER_ID: '42' }).publicConfig
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
      publicOrigin: undefined,
      analyticsCounterId: undefined,
      ecom: false,
      ecomUserIds: [],
      logLevel: 'info',
      trustProxy: undefined,
      otpIpLimit: 10,
    })
    expect(config.timeouts).toMatchObject({
      upstreamConnectMs: 2_000, upstreamHeadersMs: 5_000, upstreamBodyMs: 10_000, pageDataBudgetMs: 5_000,
      requestMs: 30_000, headersMs: 20_000, connectionMs: 60_000, keepAliveMs: 72_000, shutdownGraceMs: 10_000,
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
    const config = loadConfig({ WEB_GATEWAY_URL: 'https://gw.example/webgate/', ID_GATEWAY_URL: 'https://gw.example/aurora-id' })
    expect(config).toMatchObject({ usesMockGateway: false, webGatewayUrl: 'https://gw.example/webgate', idGatewayUrl: 'https://gw.example/aurora-id', antifraud: true })
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MAIN_SITE_URL: '' })).toMatchObject({ port: 3000, mainSiteUrl: 'https://aurora.example' })
  })

  it('parses lists and flags', () => {
    expect(loadConfig({ ECOM: 'true', ECOM_USER_IDS: ' 1, 2 ,,3' })).toMatchObject({ ecom: true, ecomUserIds: ['1', '2', '3'] })
  })

  it('keeps shared state in process without REDIS_URL, and in Redis with it', () => {
    expect(loadConfig({}).redis).toBeUndefined()
    expect(loadConfig({ REDIS_URL: 'redis://redis:6379/0', PRODUCT: 'lumen' }).redis)
      .toEqual({ url: 'redis://redis:6379/0', timeoutMs: 500, keyPrefix: 'storefront:lumen:' })
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380', REDIS_TIMEOUT_S: '0.2' }).redis?.timeoutMs).toBe(200)
  })

  it('never prints the credentials of a bad URL', () => {
    const message = configError({ REDIS_URL: 'http://:s3cret@redis:6379' }).message
    expect(message).toContain('REDIS_URL')
    expect(message).not.toContain('s3cret')
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
  ])('stops on %s=%s with one line naming the variable', (name, value) => {
    const error = configError({ [name]: value })
    expect(error.message).toContain(name)
    expect(error.message).not.toMatch(/\n/)
  })

  it('names the first bad variable when several are bad', () => {
    expect(configError({ PORT: 'abc', LOG_LEVEL: 'loud' }).message).toMatch(/^Invalid configuration: (PORT|LOG_LEVEL)=/)
  })
})
