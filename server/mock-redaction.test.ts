// The store's logs and the mock gateway's journal and recordings mask with one implementation
// (shared/log-redact.ts): flooded with ids, UUIDs and phones, both give the same text, keep every id
// whole and mask every phone.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createJournal } from '#mock/journal.ts'
import { redactBody, redactText as mockRedactText, maskPhone as mockMaskPhone } from '#mock/http/redact.ts'
import { maskPhone, redactText } from './logger.ts'

/** A deterministic PRNG, so a failing case can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(36)
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('')
/** A UUID made mostly of digits (the kind the old mock masking cut into `[Redacted]f6c-…`). */
const digitHeavyUuid = () => `${digits(8)}-${digits(4)}-4${digits(3)}-8${digits(3)}-${digits(12)}`
const phone = () => `79${digits(9)}`

describe("the mock's redaction is the store's log redaction", () => {
  it.each([
    '/webgate/v1/x?phone=79000000001&q=krem',
    'GET /aurora-id/v1/auth?token=abc&code=12345',
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    'call +7 (900) 000-00-01 now',
    'card 4111-1111-1111-1111 paid',
    '%2B7%20900%20000%2000%2001',
    'ул. Баумана, д. 7, кв. 12; слот 2026-03-02T14:00',
    'код 12345',
    'attempt 54212653-7764-4f6c-8a1b-123456789012 for 79000000001',
  ])('%s', (text) => {
    expect(mockRedactText(text)).toBe(redactText(text))
  })

  it('masks phones alike', () => {
    expect(mockMaskPhone('79000000001')).toBe(maskPhone('79000000001'))
  })

  it('keeps 500 digit-heavy UUIDs whole and masks 500 phones, in the log and in the mock', () => {
    for (let i = 0; i < 500; i++) {
      const uuid = i % 2 ? digitHeavyUuid() : randomUUID()
      const number = phone()
      const text = `x-request-id ${uuid} attemptId=${uuid} phone ${number} tel${number}`
      for (const redact of [redactText, mockRedactText]) {
        const out = redact(text)
        expect(out.split(uuid)).toHaveLength(3)
        expect(out).not.toContain(number)
        expect(out).toContain(maskPhone(number))
      }
    }
  })

  it('keeps fields named as ids whole in bodies, and blanks secrets', () => {
    for (let i = 0; i < 200; i++) {
      const id = digits(12)
      const number = phone()
      const body = {
        attemptId: digitHeavyUuid(),
        categoryId: id,
        goodsIds: [id, digits(11)],
        phone: number,
        code: '12345',
        note: `перезвонить на ${number}`,
      }
      const out = redactBody(JSON.stringify(body)) as Record<string, unknown>
      expect(out.attemptId).toBe(body.attemptId)
      expect(out.categoryId).toBe(id)
      expect(out.goodsIds).toEqual(body.goodsIds)
      expect(out.phone).toBe('[Redacted]')
      expect(out.code).toBe('[Redacted]')
      expect(out.note).toBe(`перезвонить на ${maskPhone(number)}`)
    }
  })

  it('shows request ids and attempt ids whole in the journal', () => {
    const journal = createJournal(10)
    const requestId = digitHeavyUuid()
    const attemptId = digitHeavyUuid()
    journal.record({
      at: 0,
      method: 'POST',
      url: '/aurora-id/v1/auth/otp/check?categoryIds=120000000012',
      headers: { 'x-request-id': requestId, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '79000000001', attemptId, code: '12345' }),
      status: 200,
    })
    const [entry] = journal.list()
    expect(entry?.headers['x-request-id']).toBe(requestId)
    expect(entry?.query).toEqual({ categoryIds: '120000000012' })
    expect(entry?.body).toEqual({ phone: '[Redacted]', attemptId, code: '[Redacted]' })
  })
})
