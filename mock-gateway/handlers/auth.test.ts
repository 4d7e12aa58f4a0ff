import { describe, expect, it } from 'vitest'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { createManualClock } from '../clock.ts'
import { createMockGateway } from '../gateway.ts'
import { SEED_USERS } from '../seed/users.ts'
import { call, signIn } from '../testing.ts'

const ID = '/aurora-id'
const requestCode = (
  gateway: Awaited<ReturnType<typeof createMockGateway>>,
  phone: string,
  extra: Record<string, unknown> = {},
) => call(gateway, 'POST', `${ID}/v1/auth/otp`, { body: { aud: DEFAULT_AUD, phone, ...extra } })
const checkCode = (
  gateway: Awaited<ReturnType<typeof createMockGateway>>,
  phone: string,
  attemptId: string,
  code = '12345',
) => call(gateway, 'POST', `${ID}/v1/auth/otp/check`, { body: { aud: DEFAULT_AUD, phone, attemptId, code } })

describe('OTP', () => {
  it('accepts the configured code and names the login code field after the product', async () => {
    const gateway = await createMockGateway()
    const otp = await requestCode(gateway, '79000000001')
    const check = await checkCode(gateway, '79000000001', otp.body.attemptId)
    expect(check.status).toBe(200)
    expect(check.body).toEqual({ auroraIDCode: expect.any(String), isRegistered: true })
  })

  it('answers 422 attemptExpired once the code is older than 60 s', async () => {
    const clock = createManualClock(Date.UTC(2025, 5, 1))
    const gateway = await createMockGateway({ clock })
    const otp = await requestCode(gateway, '79001112233')
    expect(Date.parse(otp.body.expires) - clock.now()).toBe(60_000)
    clock.advance(60_001)
    const check = await checkCode(gateway, '79001112233', otp.body.attemptId)
    expect(check).toMatchObject({ status: 422, body: { code: 'attemptExpired' } })
  })

  it('answers 422 to the fourth code request for one phone within a minute, and accepts again after it', async () => {
    const clock = createManualClock(Date.UTC(2025, 5, 1))
    const gateway = await createMockGateway({ clock })
    for (let i = 0; i < 3; i++) expect((await requestCode(gateway, '79001112233')).status).toBe(200)
    expect(await requestCode(gateway, '79001112233')).toMatchObject({
      status: 422,
      body: { code: 'unprocessableEntity' },
    })
    expect((await requestCode(gateway, '79004445566')).status).toBe(200)
    clock.advance(60_000)
    expect((await requestCode(gateway, '79001112233')).status).toBe(200)
  })

  it('counts wrong codes down and invalidates the attempt at the fifth', async () => {
    const gateway = await createMockGateway()
    const otp = await requestCode(gateway, '79000000001')
    for (let left = 4; left >= 0; left--) {
      expect(await checkCode(gateway, '79000000001', otp.body.attemptId, '00000')).toMatchObject({
        status: 400,
        body: { code: 'wrongCode', attemptsLeft: left },
      })
    }
    expect(await checkCode(gateway, '79000000001', otp.body.attemptId)).toMatchObject({
      status: 422,
      body: { code: 'attemptExpired' },
    })
  })

  it('answers 400 validationError for a malformed phone', async () => {
    const gateway = await createMockGateway()
    expect(await requestCode(gateway, '89001112233')).toMatchObject({
      status: 400,
      body: { code: 'validationError', fields: { phone: expect.any(String) } },
    })
  })
})

describe('the three kinds of phone', () => {
  it('signs the complete account in, whose completeness check passes', async () => {
    const gateway = await createMockGateway()
    const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
    expect(await call(gateway, 'GET', `${ID}/v1/keeperid/bunch`, { token: accessToken })).toMatchObject({
      status: 200,
      body: { userId: '100001' },
    })
    expect((await call(gateway, 'GET', `${ID}/v1/profile`, { token: accessToken })).body).toMatchObject({
      userId: '100001',
      firstName: 'Анна',
    })
  })

  it('answers 422 incomplete_profile_info for the incomplete account until it gets a first name', async () => {
    const gateway = await createMockGateway()
    const { accessToken } = await signIn(gateway, SEED_USERS.incomplete.phone)
    expect(await call(gateway, 'GET', `${ID}/v1/keeperid/bunch`, { token: accessToken })).toMatchObject({
      status: 422,
      body: { code: 'incomplete_profile_info' },
    })
    await call(gateway, 'PATCH', `${ID}/v1/profile`, { token: accessToken, body: { firstName: 'Пётр' } })
    expect((await call(gateway, 'GET', `${ID}/v1/keeperid/bunch`, { token: accessToken })).status).toBe(200)
  })

  it('reports any other phone unregistered, registers it, then signs it in with the same login code', async () => {
    const gateway = await createMockGateway()
    const otp = await requestCode(gateway, '79161234567')
    const check = await checkCode(gateway, '79161234567', otp.body.attemptId)
    expect(check.body.isRegistered).toBe(false)
    const idCode = check.body.auroraIDCode
    expect(
      await call(gateway, 'POST', `${ID}/v1/auth/token`, { body: { aud: DEFAULT_AUD, auroraIDCode: idCode } }),
    ).toMatchObject({ status: 422, body: { code: 'user_not_found' } })
    const registered = await call(gateway, 'POST', `${ID}/v3/profile/register/aurora-id-code`, {
      body: {
        auroraIDCode: idCode,
        firstName: 'Олег',
        email: 'oleg@example.ru',
        agreementAccepted: true,
        permissions: { isEmailPermitted: true },
      },
    })
    expect(registered).toMatchObject({ status: 200, body: { userId: '200001' } })
    const tokens = await call(gateway, 'POST', `${ID}/v1/auth/token`, {
      body: { aud: DEFAULT_AUD, auroraIDCode: idCode },
    })
    expect(tokens.status).toBe(200)
    expect(
      (await call(gateway, 'GET', '/webgate/cuscom/v2/user/permissions', { token: tokens.body.accessToken })).body,
    ).toMatchObject({ isEmailPermitted: true, isSmsPermitted: true, isCallsPermitted: false })
    expect(
      (await checkCode(gateway, '79161234567', (await requestCode(gateway, '79161234567')).body.attemptId)).body
        .isRegistered,
    ).toBe(true)
  })

  it('refuses a corporate or disposable e-mail with 422 emailForbiddenToUse', async () => {
    const gateway = await createMockGateway()
    const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
    for (const email of ['boss@aurora.example', 'x@mail.aurora.example', 'temp@mailinator.com']) {
      expect(await call(gateway, 'PATCH', `${ID}/v1/profile`, { token: accessToken, body: { email } })).toMatchObject({
        status: 422,
        body: { code: 'emailForbiddenToUse' },
      })
    }
  })
})

describe('tokens', () => {
  it('answers 401 once the access token expires, and a refresh gives a working pair', async () => {
    const clock = createManualClock(Date.UTC(2025, 5, 1))
    const gateway = await createMockGateway({ clock, config: { accessTtlS: 60 } })
    const tokens = await signIn(gateway, SEED_USERS.complete.phone)
    expect((await call(gateway, 'GET', '/webgate/v1/cart', { token: tokens.accessToken })).status).toBe(200)
    clock.advance(60_000)
    expect(await call(gateway, 'GET', '/webgate/v1/cart', { token: tokens.accessToken })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    })
    const refreshed = await call(gateway, 'POST', `${ID}/v1/auth/token/refresh`, {
      body: { aud: DEFAULT_AUD, refreshToken: tokens.refreshToken },
    })
    expect(refreshed.status).toBe(200)
    expect((await call(gateway, 'GET', '/webgate/v1/cart', { token: refreshed.body.accessToken })).status).toBe(200)
  })

  it('rotates refresh tokens: a used one answers 401', async () => {
    const gateway = await createMockGateway()
    const tokens = await signIn(gateway, SEED_USERS.complete.phone)
    const body = { aud: DEFAULT_AUD, refreshToken: tokens.refreshToken }
    expect((await call(gateway, 'POST', `${ID}/v1/auth/token/refresh`, { body })).status).toBe(200)
    expect(await call(gateway, 'POST', `${ID}/v1/auth/token/refresh`, { body })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    })
  })

  it('answers 401 to refresh tokens revoked through /__mock/sessions/revoke', async () => {
    const gateway = await createMockGateway()
    const anna = await signIn(gateway, SEED_USERS.complete.phone)
    const petr = await signIn(gateway, SEED_USERS.incomplete.phone)
    expect(await call(gateway, 'POST', '/__mock/sessions/revoke', { body: { userId: '100001' } })).toMatchObject({
      status: 200,
      body: { revoked: 1 },
    })
    expect(
      (
        await call(gateway, 'POST', `${ID}/v1/auth/token/refresh`, {
          body: { aud: DEFAULT_AUD, refreshToken: anna.refreshToken },
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await call(gateway, 'POST', `${ID}/v1/auth/token/refresh`, {
          body: { aud: DEFAULT_AUD, refreshToken: petr.refreshToken },
        })
      ).status,
    ).toBe(200)
  })

  it('answers 401 to a forged token and to a personal call without one', async () => {
    const gateway = await createMockGateway()
    const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
    const [header, payload] = accessToken.split('.')
    const forged = `${header}.${payload}.AAAA`
    expect((await call(gateway, 'GET', '/webgate/v1/orders', { token: forged })).status).toBe(401)
    expect((await call(gateway, 'GET', '/webgate/v1/orders')).status).toBe(401)
  })
})

describe('the audience', () => {
  it.each([
    ['otp', { phone: '79000000001' }],
    ['otp/check', { phone: '79000000001', attemptId: 'a', code: '12345' }],
    ['token', { auroraIDCode: 'x' }],
    ['token/refresh', { refreshToken: 'x' }],
  ])('refuses a login call %s for another audience than the store’s, naming aud', async (path, body) => {
    const gateway = await createMockGateway()
    const answer = await call(gateway, 'POST', `${ID}/v1/auth/${path}`, { body: { aud: 'wrong-aud', ...body } })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validationError')
    expect(answer.body.fields).toEqual({ aud: expect.stringMatching(/loyalty-web.*MOCK_AUD/) })
  })

  it('takes the audience MOCK_AUD names', async () => {
    const gateway = await createMockGateway({ config: { aud: 'partner-web' } })
    const otp = await call(gateway, 'POST', `${ID}/v1/auth/otp`, { body: { aud: 'partner-web', phone: '79000000001' } })
    expect(otp.status).toBe(200)
    const other = await call(gateway, 'POST', `${ID}/v1/auth/otp`, { body: { aud: DEFAULT_AUD, phone: '79000000001' } })
    expect(other.status).toBe(400)
  })
})
