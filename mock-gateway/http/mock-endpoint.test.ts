import { getResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { defineEndpoint } from '#shared/api/endpoint.ts'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { SEED_USERS } from '../seed/users.ts'
import { call, signIn, TEST_ORIGIN } from '../testing.ts'
import { mockEndpoint } from './mock-endpoint.ts'

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

describe('a key inside a nested object of the body is refused by its path', () => {
  const KAZAN = '93b3df57-4c89-44df-ac42-96f05e9cd3b9'
  const address = { cityFiasId: KAZAN, city: 'Казань', street: 'ул. Баумана, д. 7' }
  const order = (courier: object) => ({ cartVersion: 1, idempotencyKey: 'order-key-n001', courier })
  const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
  const photo = { type: 'image/png', data: PIXEL, width: 1, height: 1 }
  const review = { objectType: 'goods', objectId: '10003', rating: 4 }
  const register = { auroraIDCode: 'code', firstName: 'Олег', agreementAccepted: true }

  it.each([
    [
      'a courier address',
      '/webgate/v1/checkout/orders',
      order({ address: { ...address, flat: '12', flor: '5' }, slotId: '2026-03-02T14:00' }),
      'courier.address.flor',
      'courier.address of checkout.placeOrder takes cityFiasId, city, street, flat, entrance, floor, comment',
    ],
    [
      'the courier details',
      '/webgate/v1/checkout/orders',
      order({ address, slotId: '2026-03-02T14:00', slot: '2026-03-02T14:00' }),
      'courier.slot',
      'courier of checkout.placeOrder takes address, slotId',
    ],
    [
      'the consents of a registration',
      '/aurora-id/v3/profile/register/aurora-id-code',
      { ...register, permissions: { isEmailPermitted: true, isSmsPermited: true } },
      'permissions.isSmsPermited',
      'permissions of profile.register takes isPushPersPermitted, isPushMassPermitted, isPushContentPermitted, isEmailPermitted, isSmsPermitted, isSocialPermitted, isCallsPermitted, isDigitalReceiptPermitted',
    ],
    [
      'a photo of a review (by its index)',
      '/webgate/v2/object/feedback',
      { ...review, photos: [photo, { ...photo, name: 'IMG_1.png' }] },
      'photos.1.name',
      'photos.1 of feedback.send takes type, data, width, height',
    ],
    [
      'an answer of a poll',
      '/webgate/v2/object/feedback',
      { objectType: 'site', objectId: 'site', pollId: 1, answers: [{ questionId: 1, optionId: 2 }] },
      'answers.0.optionId',
      'answers.0 of feedback.send takes questionId, optionIds, text, rating',
    ],
  ])('in %s', async (_, path, body, field, takes) => {
    const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
    const answer = await call(gateway, 'POST', path, { body, token: accessToken })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validationError')
    expect(answer.body.fields).toEqual({ [field]: `unknown key ${field.split('.').at(-1)}: ${takes}` })
  })

  it('names the misspelling next to the field it misses (stret for street)', async () => {
    const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
    const { street, ...rest } = address
    const answer = await call(gateway, 'POST', '/webgate/v1/checkout/orders', {
      body: order({ address: { ...rest, stret: street }, slotId: '2026-03-02T14:00' }),
      token: accessToken,
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields).sort()).toEqual(['courier.address.street', 'courier.address.stret'])
    expect(answer.body.fields['courier.address.stret']).toMatch(/^unknown key stret: courier\.address of /)
  })

  it('keeps a free-form map open: any key of a record or loose object, any value of unknown', async () => {
    const echo = defineEndpoint({
      name: 'test.echo',
      gateway: 'web',
      method: 'POST',
      path: '/v1/test/echo',
      auth: false,
      body: z.object({
        name: z.string(),
        metadata: z.record(z.string(), z.string()),
        params: z.looseObject({ source: z.optional(z.string()) }),
        extra: z.unknown(),
        lines: z.array(z.object({ id: z.int(), tags: z.record(z.string(), z.boolean()) })),
      }),
      response: z.object({ ok: z.boolean() }),
    })
    const handler = mockEndpoint(gateway.state, echo, () => ({ ok: true }))
    const send = (body: unknown) =>
      getResponse(
        [handler],
        new Request(`${TEST_ORIGIN}/webgate/v1/test/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const open = {
      name: 'n',
      metadata: { utm_source: 'mail', 'any key': 'x' },
      params: { source: 's', campaign: 'spring' },
      extra: { deep: { nested: [{ anything: true }] } },
      lines: [{ id: 1, tags: { gift: true, wrapped: false } }],
    }
    expect((await send(open))?.status).toBe(200)
    // The closed object around and inside the maps is still checked.
    const closed = await send({ ...open, lines: [{ id: 1, tags: {}, qty: 2 }] })
    expect(closed?.status).toBe(400)
    expect(((await closed?.json()) as { fields: object }).fields).toEqual({
      'lines.0.qty': 'unknown key qty: lines.0 of test.echo takes id, tags',
    })
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
