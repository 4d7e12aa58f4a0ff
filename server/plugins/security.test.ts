import { describe, expect, it } from 'vitest'
import { CAPTCHA_ORIGIN, contentSecurityPolicy } from './security.ts'

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
})
