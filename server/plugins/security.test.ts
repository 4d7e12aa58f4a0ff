import { describe, expect, it } from 'vitest'
import { CAPTCHA_ORIGIN, captchaOrigin, contentSecurityPolicy, fingerprintOrigin, originOf } from './security.ts'

describe('content security policy', () => {
  it('allows only our own scripts and no framing when no captcha is configured', () => {
    const csp = contentSecurityPolicy(undefined)
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain(CAPTCHA_ORIGIN)
    expect(csp).not.toContain('unsafe-inline\'; script')
  })

  it('adds the captcha origin to scripts, frames and connections when a captcha is configured', () => {
    const csp = contentSecurityPolicy(CAPTCHA_ORIGIN)
    expect(csp).toContain(`script-src 'self' ${CAPTCHA_ORIGIN}`)
    expect(csp).toContain(`frame-src 'self' ${CAPTCHA_ORIGIN}`)
    expect(csp).toContain(`connect-src 'self' ${CAPTCHA_ORIGIN}`)
  })

  it('adds the tile origin to images and the ad origin to scripts only when they are configured', () => {
    const csp = contentSecurityPolicy(undefined, { tiles: 'http://127.0.0.1:4010', ads: 'https://yandex.ru' })
    expect(csp).toContain("img-src 'self' data: https: http://127.0.0.1:4010;")
    expect(csp).toContain("script-src 'self' https://yandex.ru;")
    expect(csp).toContain("connect-src 'self' https://yandex.ru;")
    expect(contentSecurityPolicy(undefined, {})).not.toMatch(/yandex\.ru|127\.0\.0\.1/)
  })

  it('reads the origin of a tile template and ignores a malformed one', () => {
    expect(originOf('http://127.0.0.1:4010/__tiles/{z}/{x}/{y}.svg')).toBe('http://127.0.0.1:4010')
    expect(originOf('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://*.tile.example')
    expect(originOf('not a url')).toBeUndefined()
    expect(originOf(undefined)).toBeUndefined()
  })
})

describe('fingerprint origin', () => {
  it('lets pages call the fingerprint service only when FINGERPRINT_URL is set', () => {
    expect(contentSecurityPolicy(undefined, { connect: [fingerprintOrigin({})] })).toContain("connect-src 'self';")
    const csp = contentSecurityPolicy(undefined, { connect: [fingerprintOrigin({ fingerprintUrl: 'https://kfp.example/api/token' })] })
    expect(csp).toContain("connect-src 'self' https://kfp.example;")
    expect(csp).toContain("script-src 'self';")
  })
})

describe('captcha origin', () => {
  it.each([
    [{ antifraud: false, yandexCaptcha: 'key' }, undefined],
    [{ antifraud: true, yandexCaptcha: undefined }, undefined],
    [{ antifraud: true, yandexCaptcha: 'key' }, CAPTCHA_ORIGIN],
    [{ antifraud: true, yandexCaptcha: 'key', captchaScriptUrl: 'http://127.0.0.1:4010/captcha/captcha.js' }, 'http://127.0.0.1:4010'],
  ])('is allowed only with anti-fraud and a key, from the script URL (%j)', (config, expected) => {
    expect(captchaOrigin(config)).toBe(expected)
  })
})
