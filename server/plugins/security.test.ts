import { describe, expect, it } from 'vitest'
import { documentHead } from '../render/document.ts'
import {
  CAPTCHA_ORIGIN,
  captchaOrigin,
  contentSecurityPolicy,
  fingerprintOrigin,
  imageOrigins,
  originOf,
  REPORTING_ENDPOINTS,
} from './security.ts'

const SCRIPT_SELF = "script-src 'self'"

describe('content security policy', () => {
  it('allows only our own scripts and no framing when no captcha is configured', () => {
    const csp = contentSecurityPolicy(undefined)
    expect(csp).toContain(`${SCRIPT_SELF};`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain(CAPTCHA_ORIGIN)
    expect(csp).not.toContain("unsafe-inline'; script")
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/)
  })

  it('needs no inline script: the document head loads the consent mark as a file of our origin', () => {
    const head = documentHead({
      meta: { title: 't', description: 'd' },
      canonicalUrl: undefined,
      origin: 'http://localhost',
      css: ['/assets/a.css'],
      consentMark: '/assets/consent-mark-X.js',
      preloads: [],
      siteName: 's',
    })
    // Executable inline scripts only: JSON-LD and the data block are not subject to script-src.
    expect(head).not.toMatch(/<script>|<script (?![^>]*\b(src|type)=)/)
    // Before the stylesheet, so it loads beside it and runs before first paint.
    expect(head.indexOf('<script src="/assets/consent-mark-X.js"></script>')).toBeGreaterThan(-1)
    expect(head.indexOf('consent-mark-X.js')).toBeLessThan(head.indexOf('/assets/a.css'))
    expect(contentSecurityPolicy(undefined)).toContain("script-src 'self';")
  })

  it('adds the captcha origin to scripts, frames and connections when a captcha is configured', () => {
    const csp = contentSecurityPolicy(CAPTCHA_ORIGIN)
    expect(csp).toContain(`${SCRIPT_SELF} ${CAPTCHA_ORIGIN}`)
    expect(csp).toContain(`frame-src 'self' ${CAPTCHA_ORIGIN}`)
    expect(csp).toContain(`connect-src 'self' ${CAPTCHA_ORIGIN}`)
  })

  it('adds the tile origin to images and the ad origin to scripts only when they are configured', () => {
    const csp = contentSecurityPolicy(undefined, { tiles: 'http://127.0.0.1:4010', ads: 'https://yandex.ru' })
    expect(csp).toContain("img-src 'self' data: http://127.0.0.1:4010 https://yandex.ru;")
    expect(csp).toContain(`${SCRIPT_SELF} https://yandex.ru;`)
    expect(csp).toContain("connect-src 'self' https://yandex.ru;")
    expect(contentSecurityPolicy(undefined, {})).not.toMatch(/yandex\.ru|127\.0\.0\.1/)
  })

  it('allows images only from the configured origins, never any https: host', () => {
    const csp = contentSecurityPolicy(undefined, {
      images: imageOrigins({
        webGatewayUrl: 'https://gw.example/webgate',
        idGatewayUrl: 'https://id.example/aurora-id',
        imageOrigins: ['https://cdn.example', 'https://*.img.example'],
      }),
    })
    expect(csp).toContain(
      "img-src 'self' data: https://gw.example https://id.example https://cdn.example https://*.img.example;",
    )
    expect(contentSecurityPolicy(undefined)).toContain("img-src 'self' data:;")
    for (const policy of [csp, contentSecurityPolicy(undefined)]) {
      const imgSrc = policy.split('; ').find((d) => d.startsWith('img-src '))!
      expect(imgSrc.split(' ')).not.toContain('https:')
      expect(imgSrc.split(' ')).not.toContain('*')
    }
  })

  it('names the reporting endpoint for report-to and report-uri', () => {
    const csp = contentSecurityPolicy(undefined)
    expect(csp).toMatch(/; report-uri \/api\/csp-report; report-to csp-endpoint$/)
    expect(REPORTING_ENDPOINTS).toBe('csp-endpoint="/api/csp-report"')
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
    const csp = contentSecurityPolicy(undefined, {
      connect: [fingerprintOrigin({ fingerprintUrl: 'https://kfp.example/api/token' })],
    })
    expect(csp).toContain("connect-src 'self' https://kfp.example;")
    expect(csp).toContain(`${SCRIPT_SELF};`)
  })
})

describe('captcha origin', () => {
  it.each([
    [{ antifraud: false, yandexCaptcha: 'key' }, undefined],
    [{ antifraud: true, yandexCaptcha: undefined }, undefined],
    [{ antifraud: true, yandexCaptcha: 'key' }, CAPTCHA_ORIGIN],
    [
      { antifraud: true, yandexCaptcha: 'key', captchaScriptUrl: 'http://127.0.0.1:4010/captcha/captcha.js' },
      'http://127.0.0.1:4010',
    ],
  ])('is allowed only with anti-fraud and a key, from the script URL (%j)', (config, expected) => {
    expect(captchaOrigin(config)).toBe(expected)
  })
})
