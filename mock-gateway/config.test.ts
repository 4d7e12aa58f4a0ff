import { describe, expect, it } from 'vitest'
import { MockConfigError, parseMockConfig } from './config.ts'

describe('parseMockConfig', () => {
  it('has the documented defaults', () => {
    expect(parseMockConfig({})).toMatchObject({
      product: 'aurora',
      port: 4010,
      host: '127.0.0.1',
      otpCode: '12345',
      accessTtlS: 900,
      faults: [],
      antifraud: false,
      publicUrl: undefined,
      storefrontOrigin: 'http://127.0.0.1:3000',
      logLevel: 'info',
    })
  })

  it('reads faults, anti-fraud and origins', () => {
    const config = parseMockConfig({
      MOCK_FAULTS: '[{"path":"/webgate/*","delayMs":100}]',
      ANTIFRAUD: 'on',
      MOCK_PUBLIC_URL: 'http://localhost:4010/',
      MOCK_STOREFRONT_ORIGIN: 'https://shop.example/path',
    })
    expect(config).toMatchObject({
      faults: [{ path: '/webgate/*', delayMs: 100 }],
      antifraud: true,
      publicUrl: 'http://localhost:4010',
      storefrontOrigin: 'https://shop.example',
    })
  })

  it("takes the login audience from MOCK_AUD, else the store's AUD, else the loyalty web client's", () => {
    expect(parseMockConfig({}).aud).toBe('loyalty-web')
    expect(parseMockConfig({ AUD: 'partner-web' }).aud).toBe('partner-web')
    expect(parseMockConfig({ AUD: 'partner-web', MOCK_AUD: 'mock-web' }).aud).toBe('mock-web')
  })

  it('stands the clock still at MOCK_NOW, and keeps real time without it', () => {
    expect(parseMockConfig({ MOCK_NOW: '2026-03-02T09:00:00Z' }).now).toBe(Date.parse('2026-03-02T09:00:00Z'))
    expect(parseMockConfig({}).now).toBeUndefined()
  })

  it('reads the journal size, the stubs folder and the recorded gateway', () => {
    expect(parseMockConfig({})).toMatchObject({ journalSize: 200, stubsDir: undefined, record: undefined })
    expect(
      parseMockConfig({ MOCK_JOURNAL_SIZE: '0', MOCK_STUBS: 'stubs', MOCK_RECORD: 'https://gateway.example/' }),
    ).toMatchObject({ journalSize: 0, stubsDir: 'stubs', record: 'https://gateway.example' })
  })

  it.each([
    ['MOCK_JOURNAL_SIZE', '-1'],
    ['MOCK_RECORD', 'gateway.example'],
    ['MOCK_NOW', 'yesterday'],
    ['MOCK_GATEWAY_PORT', 'abc'],
    ['MOCK_OTP_CODE', '1234'],
    ['MOCK_FAULTS', '{"path":1}'],
    ['ANTIFRAUD', 'maybe'],
    ['MOCK_STOREFRONT_ORIGIN', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['PRODUCT', 'Aurora!'],
  ])('names %s when its value is bad', (name, value) => {
    expect(() => parseMockConfig({ [name]: value })).toThrow(MockConfigError)
    expect(() => parseMockConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}:`))
  })
})
