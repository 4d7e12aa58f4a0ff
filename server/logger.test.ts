import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { AppError } from '#shared/api/errors.ts'
import { loggerOptions, redactText, redactUrl } from './logger.ts'

/** A pino logger with the app's options that keeps every line it writes. */
function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, stream, text: () => lines.join('\n') }
}

const PHONE = '79000000001'
const CARD = '4111111111111111'
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDAwMDEifQ.c2lnbmF0dXJl'

describe('redactText', () => {
  it.each([
    [`/search?q=${PHONE}`, PHONE],
    [`/nope/${PHONE}`, PHONE],
    [`Page not found: /nope/${PHONE}`, PHONE],
    ['/search?q=%2B7%20900%20000-00-01', '000-00-01'],
    ['call +7 (900) 000-00-01 now', '000-00-01'],
    [`/pay?card=${CARD}`, CARD],
    ['/pay?c=4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['/pay?c=4111-1111-1111-1111', '4111-1111-1111-1111'],
    [`/x?access_token=${JWT}&card=${CARD}`, 'eyJ'],
    ['/x?access_token=opaque-secret-1&refresh_token=r-2', 'opaque-secret'],
    ['/x?refreshToken=r-2&code=12345', 'r-2'],
    [`Authorization failed for Bearer ${JWT}`, JWT],
  ])('removes the secret from %s', (text, secret) => {
    expect(redactText(text)).not.toContain(secret)
  })

  it('keeps what is not a secret', () => {
    expect(redactText('/product/900006-krem?page=2&sort=price')).toBe('/product/900006-krem?page=2&sort=price')
    expect(redactText('/catalog/12-uhod?brand=7')).toBe('/catalog/12-uhod?brand=7')
    expect(redactUrl(`/search?q=${PHONE}`)).toBe('/search?q=79*******01')
  })
})

describe('the logger', () => {
  it('redacts phones, tokens and card numbers in the logged URLs of real requests', async () => {
    const log = capture()
    const app = Fastify({ logger: { ...loggerOptions('info'), stream: log.stream } })
    app.get('/*', async (request, reply) => {
      request.log.info(`Page not found: ${request.url.split('?')[0]}`)
      return reply.code(404).send()
    })
    for (const url of [
      `/search?q=${PHONE}`,
      `/nope/${PHONE}`,
      `/x?access_token=${JWT}&card=${CARD}`,
      '/x?access_token=opaque-secret-1',
    ]) {
      await app.inject({ url })
    }
    await app.close()
    expect(log.lines.length).toBeGreaterThan(8)
    for (const secret of [PHONE, CARD, 'eyJ', 'opaque-secret-1']) expect(log.text()).not.toContain(secret)
    expect(log.text()).toContain('Page not found: /nope/79*******01')
  })

  it('redacts secrets inside error messages, stacks and nested fields', () => {
    const log = capture()
    const logger = pino(loggerOptions('info'), log.stream)
    const error = new Error(`upstream failed for /v1/profile?phone=${PHONE}`)
    logger.warn(
      { err: error, report: { url: `/pay?card=${CARD}`, message: `no user ${PHONE}` }, path: `/nope/${PHONE}` },
      'failed',
    )
    logger.warn({ err: `fetch failed for Bearer ${JWT}` }, 'proxy upstream failed')
    for (const secret of [PHONE, CARD, JWT]) expect(log.text()).not.toContain(secret)
  })

  it('keeps error codes readable while it redacts code values', () => {
    const log = capture()
    const logger = pino(loggerOptions('info'), log.stream)
    logger.warn({ err: new AppError('network', 'fetch failed') }, 'gateway call failed')
    logger.warn({ error: { code: 'timeout' }, otp: { code: '12345' }, body: { phone: PHONE, idCode: 'abc' } }, 'failed')
    const [first, second] = log.lines.map((line) => JSON.parse(line) as Record<string, Record<string, unknown>>)
    expect(first!.err!.code).toBe('network')
    expect(second!.error!.code).toBe('timeout')
    expect(second!.otp!.code).toBe('[Redacted]')
    expect(second!.body!.phone).toBe('[Redacted]')
    expect(second!.body!.idCode).toBe('[Redacted]')
  })
})
