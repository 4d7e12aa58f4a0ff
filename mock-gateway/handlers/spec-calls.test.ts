import { describe, expect, it } from 'vitest'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { issueTokens } from '../auth/tokens.ts'
import { createMockGateway } from '../gateway.ts'
import { SEED_USERS } from '../seed/users.ts'
import { call, signIn } from '../testing.ts'
import { CARD_MERGE_BLOCKED_PHONE } from './profile.ts'

const EXCHANGE = '/aurora-id/v1/auth/cross-token/exchange'

describe('cross-token exchange', () => {
  it("trades a complete profile's token for a token of the asked audience", async () => {
    const gateway = await createMockGateway({ checkAnswers: true })
    const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
    const answer = await call(gateway, 'POST', EXCHANGE, {
      token: accessToken,
      body: { token: accessToken, aud: 'main-web' },
    })
    expect(answer).toMatchObject({ status: 200, body: { aud: 'main-web', token: expect.any(String) } })
  })

  it('answers 422 incompleteProfile for an incomplete profile and 404 profileNotFound for a user without one', async () => {
    const gateway = await createMockGateway()
    const incomplete = await signIn(gateway, SEED_USERS.incomplete.phone)
    expect(
      await call(gateway, 'POST', EXCHANGE, {
        token: incomplete.accessToken,
        body: { token: incomplete.accessToken, aud: 'main-web' },
      }),
    ).toMatchObject({ status: 422, body: { code: 'incompleteProfile' } })
    // The exchanged token names a user whose profile is gone (the caller's own session is valid).
    const ghost = issueTokens(gateway.state, '999999', DEFAULT_AUD)
    expect(
      await call(gateway, 'POST', EXCHANGE, {
        token: incomplete.accessToken,
        body: { token: ghost.accessToken, aud: 'main-web' },
      }),
    ).toMatchObject({ status: 404, body: { code: 'profileNotFound' } })
  })
})

describe('registration of a phone whose card cannot be merged', () => {
  it('answers 409 cardMergeBlocked', async () => {
    const gateway = await createMockGateway()
    const otp = await call(gateway, 'POST', '/aurora-id/v1/auth/otp', {
      body: { aud: DEFAULT_AUD, phone: CARD_MERGE_BLOCKED_PHONE },
    })
    const check = await call(gateway, 'POST', '/aurora-id/v1/auth/otp/check', {
      body: { aud: DEFAULT_AUD, phone: CARD_MERGE_BLOCKED_PHONE, attemptId: otp.body.attemptId, code: '12345' },
    })
    expect(check.body.isRegistered).toBe(false)
    const registered = await call(gateway, 'POST', '/aurora-id/v3/profile/register/aurora-id-code', {
      body: { auroraIDCode: check.body.auroraIDCode, firstName: 'Ира', agreementAccepted: true },
    })
    expect(registered).toMatchObject({ status: 409, body: { code: 'cardMergeBlocked' } })
  })
})

describe('city by FIAS id', () => {
  it('answers a seeded city by its FIAS id and 404 for an unknown one', async () => {
    const gateway = await createMockGateway({ checkAnswers: true })
    const [city] = (await call(gateway, 'GET', '/webgate/v1/cities')).body.items
    expect(await call(gateway, 'GET', `/webgate/v1/cities/getbyfiasid?fiasId=${city.fiasId}`)).toMatchObject({
      status: 200,
      body: { fiasId: city.fiasId, name: city.name },
    })
    expect(
      (await call(gateway, 'GET', '/webgate/v1/cities/getbyfiasid?fiasId=00000000-0000-0000-0000-000000000000')).status,
    ).toBe(404)
  })
})

describe('promotion kinds and brands by category', () => {
  it('counts the active promotions of each kind as the list filtered by that kind does', async () => {
    const gateway = await createMockGateway({ checkAnswers: true })
    const types = (await call(gateway, 'GET', '/webgate/v1/promotions/type')).body.items as {
      type: string
      count: number
    }[]
    for (const { type, count } of types) {
      expect((await call(gateway, 'GET', `/webgate/v1/promotions?type=${type}&pageSize=1`)).body.total).toBe(count)
    }
  })

  it('lists each brand with the categories its goods are in', async () => {
    const gateway = await createMockGateway({ checkAnswers: true })
    const { items } = (await call(gateway, 'GET', '/webgate/v1/cosmetic-aurora/catalog/branded-goods-categories')).body
    const withGoods = items.find((item: { categories: unknown[] }) => item.categories.length > 0)
    const [category] = withGoods.categories
    const goods = await call(
      gateway,
      'GET',
      `/webgate/v2/goods/search?categoryId=${category.id}&brand=${withGoods.brand.slug}&pageSize=1`,
    )
    expect(goods.body.total).toBe(category.goodsCount)
  })
})
