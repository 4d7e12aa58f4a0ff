import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call } from '../testing.ts'

let gateway: MockGateway
beforeEach(async () => {
  gateway = await createMockGateway()
})

const OTP = '/aurora-id/v1/auth/otp'
const phone = '79000000001'

describe('a body key the endpoint does not take is refused by name', () => {
  it.each([
    ['a misspelled required field', { aud: DEFAULT_AUD, phone, phnoe: phone }, 'phnoe'],
    ['a misspelled optional field', { aud: DEFAULT_AUD, phone, fingerprintTokn: 'x' }, 'fingerprintTokn'],
    ['the camel-case spelling of captcha-token', { aud: DEFAULT_AUD, phone, captchaToken: 'x' }, 'captchaToken'],
  ])('%s', async (_, body, field) => {
    const answer = await call(gateway, 'POST', OTP, { body })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validationError')
    expect(Object.keys(answer.body.fields)).toEqual([field])
    expect(answer.body.fields[field]).toMatch(new RegExp(`unknown key ${field}: .*aud, phone, captcha-token`))
  })

  it('takes the login code under its wire name only (auroraIDCode, not idCode)', async () => {
    const answer = await call(gateway, 'POST', '/aurora-id/v1/auth/token', { body: { aud: DEFAULT_AUD, idCode: 'x' } })
    expect(answer.status).toBe(400)
    expect(answer.body.fields.idCode).toMatch(/unknown key idCode: .*auroraIDCode/)
  })
})

describe('a query parameter the endpoint does not take is refused by name', () => {
  it('names a misspelled parameter', async () => {
    const answer = await call(gateway, 'GET', '/webgate/v2/goods/search?q=krem&pgae=2')
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validationError')
    expect(Object.keys(answer.body.fields)).toEqual(['query.pgae'])
    expect(answer.body.fields['query.pgae']).toMatch(/unknown parameter pgae: .*page, pageSize/)
  })

  it('refuses any parameter of an endpoint that takes none', async () => {
    const answer = await call(gateway, 'GET', '/webgate/v2/goods/10001?color=red')
    expect(answer.status).toBe(400)
    expect(answer.body.fields['query.color']).toMatch(/takes no query parameters/)
  })

  it('takes repeated keys of a list parameter', async () => {
    const answer = await call(gateway, 'GET', '/webgate/v2/goods/search?brand=a&brand=b&page=1')
    expect(answer.status).toBe(200)
  })
})

describe('a JSON endpoint refuses a body that is not declared as JSON', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded'])('answers 415 to %s', async (type) => {
    const answer = await call(gateway, 'POST', OTP, {
      body: { aud: DEFAULT_AUD, phone },
      headers: { 'content-type': type },
    })
    expect(answer.status).toBe(415)
    expect(answer.body).toMatchObject({
      code: 'unsupportedMediaType',
      message: expect.stringMatching(/application\/json/),
    })
  })

  it('takes application/json with a charset', async () => {
    const answer = await call(gateway, 'POST', OTP, {
      body: { aud: DEFAULT_AUD, phone },
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(answer.status).toBe(200)
  })
})
