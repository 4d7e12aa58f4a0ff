import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { AppError } from '#shared/api/errors.ts'
import { LazyChildLogger, loggerOptions, redactText, redactUrl, type ParentLogger } from './logger.ts'
import { acceptedRequestId, requestIdOf, traceIdOf } from './request-id.ts'

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

  it.each([
    ['code 12345', 'code [Redacted]'],
    ['Неверный код 12345 для попытки', 'Неверный код [Redacted] для попытки'],
    ['body {"code":"12345","attemptId":"a-1"}', 'body {"code":"[Redacted]","attemptId":"a-1"}'],
    ["{ code: '54321' }", "{ code: '[Redacted]' }"],
    ['otp=12345 sent', 'otp=[Redacted] sent'],
    ['verify-code: 12345', 'verify-code: [Redacted]'],
  ])('masks the one-time code in %s', (text, redacted) => {
    expect(redactText(text)).toBe(redacted)
  })

  it.each([
    '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b',
    '98123456-7890-4123-8456-789012345678',
    '4BF92F3577B34DA6A3CE929D0E0E4736',
    '0af7651916cd43dd8448eb211c80319c',
    'A1B2C3D4E5F60718293045566778899AABBCCDDEEFF00112233445566778899A',
  ])('never masks inside the identifier %s', (id) => {
    expect(redactText(`request ${id} failed`)).toBe(`request ${id} failed`)
    expect(redactText(`/x?id=${id}`)).toBe(`/x?id=${id}`)
  })

  it('still masks a phone or a card beside an identifier', () => {
    const id = '98123456-7890-4123-8456-789012345678'
    expect(redactText(`${id}, ${PHONE}; ${CARD}`)).toBe(`${id}, 79*******01; [Redacted]`)
    expect(redactText(`${PHONE}1234567890123`)).toBe('[Redacted]')
    expect(redactText(`tel${PHONE}, phone:${PHONE}`)).toBe('tel79*******01, phone:79*******01')
  })

  it('keeps what is not a secret', () => {
    expect(redactText('HTTP code 503, code network')).toBe('HTTP code 503, code network')
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

  it('logs a client request id only when it is a UUID or a trace id, and keeps it whole', async () => {
    const log = capture()
    const app = Fastify({
      logger: { ...loggerOptions('info'), stream: log.stream },
      genReqId: (r) => requestIdOf(r.headers),
    })
    app.get('/', async (request) => ({ id: request.id }))
    const idOf = async (headers: Record<string, string>) =>
      (JSON.parse((await app.inject({ url: '/', headers })).body) as { id: string }).id
    const uuid = '985B1C2E-1D7A-4F0B-9C3E-7A1E2B3C485B'
    expect(await idOf({ 'x-request-id': uuid })).toBe(uuid.toLowerCase())
    expect(await idOf({ 'x-request-id': '4bf92f3577b34da6a3ce929d0e0e4736' })).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(await idOf({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    )
    const phoneId = await idOf({ 'x-request-id': PHONE })
    expect(phoneId).not.toBe(PHONE)
    expect(phoneId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await app.close()
    expect(log.text()).not.toContain(PHONE)
    expect(log.text()).toContain(`"reqId":"${uuid.toLowerCase()}"`)
    expect(log.text()).toContain(`"reqId":"${phoneId}"`)
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

describe('request ids', () => {
  it.each([
    ['985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b', '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b'],
    [' 985B1C2E-1D7A-4F0B-9C3E-7A1E2B3C485B ', '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b'],
    ['4bf92f3577b34da6a3ce929d0e0e4736', '4bf92f3577b34da6a3ce929d0e0e4736'],
  ])('accepts %j', (value, id) => {
    expect(acceptedRequestId(value)).toBe(id)
  })

  it.each([
    PHONE,
    'req-12345678',
    'abc',
    '00000000000000000000000000000000',
    '985b1c2e1d7a4f0b9c3e7a1e2b3c485b0',
    '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b\nforged',
    `${JWT}`,
    undefined,
  ])('refuses %j', (value) => {
    expect(acceptedRequestId(value)).toBeUndefined()
  })

  it('takes the trace id of a valid traceparent only', () => {
    expect(traceIdOf('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    )
    expect(traceIdOf('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeUndefined()
    expect(traceIdOf('ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBeUndefined()
    expect(traceIdOf('00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01')).toBeUndefined()
    expect(traceIdOf(`00-${PHONE}-00f067aa0ba902b7-01`)).toBeUndefined()
  })

  it('prefers X-Request-Id, then traceparent, then a fresh UUID', () => {
    const uuid = '985b1c2e-1d7a-4f0b-9c3e-7a1e2b3c485b'
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
    expect(requestIdOf({ 'x-request-id': uuid, traceparent })).toBe(uuid)
    expect(requestIdOf({ 'x-request-id': PHONE, traceparent })).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    const fresh = requestIdOf({ 'x-request-id': PHONE })
    expect(acceptedRequestId(fresh)).toBe(fresh)
    expect(requestIdOf({})).not.toBe(fresh)
  })
})

describe('LazyChildLogger', () => {
  function parentAt(level: string) {
    const { lines, stream } = capture()
    const parent = pino({ ...loggerOptions(level) }, stream)
    let children = 0
    const counted: ParentLogger = {
      level,
      isLevelEnabled: (at) => parent.isLevelEnabled(at),
      child: (bindings, options) => (children++, parent.child(bindings, options)),
    }
    return { lines, parent: counted, children: () => children }
  }

  it('makes no child while nothing is written at an enabled level', () => {
    const { lines, parent, children } = parentAt('warn')
    const log = new LazyChildLogger(parent, () => ({ reqId: 'r-1' }), {})
    log.info('incoming request')
    log.debug('details')
    expect(children()).toBe(0)
    expect(lines).toEqual([])
    expect(log.isLevelEnabled('info')).toBe(false)
    expect(log.level).toBe('warn')
  })

  it('writes with its bindings once a line is enabled, and makes its child once', () => {
    const { lines, parent, children } = parentAt('info')
    const log = new LazyChildLogger(parent, () => ({ reqId: 'r-2', trace_id: 'abc' }), {})
    log.info('first')
    log.warn({ phone: PHONE }, 'second')
    expect(children()).toBe(1)
    const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(written.map((line) => [line.msg, line.reqId, line.trace_id])).toEqual([
      ['first', 'r-2', 'abc'],
      ['second', 'r-2', 'abc'],
    ])
    expect(lines[1]).not.toContain(PHONE)
  })

  it('hands out children that keep its bindings', () => {
    const { lines, parent } = parentAt('info')
    new LazyChildLogger(parent, () => ({ reqId: 'r-3' }), {}).child({ part: 'render' }).error('failed')
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'r-3', part: 'render', msg: 'failed' })
  })

  it('writes nothing under a logger without levels (logging off)', () => {
    const off = { level: 'silent', child: () => off } as unknown as ParentLogger
    const log = new LazyChildLogger(off, () => ({}), {})
    expect(() => log.error('lost')).not.toThrow()
  })
})
