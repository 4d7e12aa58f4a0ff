import { describe, expect, it } from 'vitest'
import { CAPTCHA_ORIGIN, contentSecurityPolicy, originOf } from './security.ts'

describe('content security policy', () => {
  it('allows only our own scripts and no framing when no captcha is configured', () => {
    const csp = contentSecurityPolicy(false)
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain(CAPTCHA_ORIGIN)
    expect(csp).not.toContain('unsafe-inline\'; script')
  })

  it('adds the SmartCaptcha origin to scripts, frames and connections when a captcha is configured', () => {
    const csp = contentSecurityPolicy(true)
    expect(csp).toContain(`script-src 'self' ${CAPTCHA_ORIGIN}`)
    expect(csp).toContain(`frame-src 'self' ${CAPTCHA_ORIGIN}`)
    expect(csp).toContain(`connect-src 'self' ${CAPTCHA_ORIGIN}`)
  })

  it('adds the tile origin to images and the ad origin to scripts only when they are configured', () => {
    const csp = contentSecurityPolicy(false, { tiles: 'http://127.0.0.1:4010', ads: 'https://yandex.ru' })
    expect(csp).toContain("img-src 'self' data: https: http://127.0.0.1:4010;")
    expect(csp).toContain("script-src 'self' https://yandex.ru;")
    expect(csp).toContain("connect-src 'self' https://yandex.ru;")
    expect(contentSecurityPolicy(false, {})).not.toMatch(/yandex\.ru|127\.0\.0\.1/)
  })

  it('reads the origin of a tile template and ignores a malformed one', () => {
    expect(originOf('http://127.0.0.1:4010/__tiles/{z}/{x}/{y}.svg')).toBe('http://127.0.0.1:4010')
    expect(originOf('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://*.tile.example')
    expect(originOf('not a url')).toBeUndefined()
    expect(originOf(undefined)).toBeUndefined()
  })
})
