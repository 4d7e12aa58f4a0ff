// The mock gateway masks its journal and recorded stubs with its own copy of the log redaction rules
// (it may not import the server): both must give the same text for the same input.
import { describe, expect, it } from 'vitest'
import { redactText as mockRedactText, maskPhone as mockMaskPhone } from '#mock/http/redact.ts'
import { maskPhone, redactText } from './logger.ts'

describe("the mock's redaction follows the store's log redaction", () => {
  it.each([
    '/webgate/v1/x?phone=79000000001&q=krem',
    'GET /aurora-id/v1/auth?token=abc&code=12345',
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    'call +7 (900) 000-00-01 now',
    'card 4111-1111-1111-1111 paid',
    '%2B7%20900%20000%2000%2001',
    'ул. Баумана, д. 7, кв. 12; слот 2026-03-02T14:00',
  ])('%s', (text) => {
    expect(mockRedactText(text)).toBe(redactText(text))
  })

  it('masks phones alike', () => {
    expect(mockMaskPhone('79000000001')).toBe(maskPhone('79000000001'))
  })
})
